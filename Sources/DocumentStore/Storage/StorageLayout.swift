/// The tables restlite keeps, shared by the store, the query compiler and the importer.
///
/// - `collections(id, name, schema, created)`: one row per collection; `schema` is the schema's
///   JSON text or NULL for a schemaless collection; `created` is ms since the epoch.
/// - `"docs_<collections.id>"`: one table per collection. `body` is the compact JSON text of the
///   user fields with `"_id"` as the first key, so it can be sent as it is; the system fields
///   live in their own columns (`created`/`changed` in ms since the epoch).
public enum StorageLayout {
    /// Column holding a document's JSON text, as query fragments refer to it.
    public static let bodyColumn = "body"
    /// A document's row id: the order of insertion, kept by updates.
    public static let sequenceColumn = "seq"

    /// The schema migrations, oldest first. Append; never edit a released step.
    public static let migrator = Migrator(migrations: [
        { connection in
            try connection.execute(
                """
                CREATE TABLE collections(
                    id INTEGER PRIMARY KEY,
                    name TEXT UNIQUE NOT NULL,
                    schema TEXT,
                    created INTEGER
                )
                """)
        }
    ])

    /// The quoted table name of collection `id` (`"docs_7"`).
    public static func documentTable(_ collectionID: Int64) -> String {
        "\"docs_\(collectionID)\""
    }

    /// DDL creating the documents table of collection `id`.
    public static func createDocumentTableSQL(_ collectionID: Int64) -> String {
        """
        CREATE TABLE IF NOT EXISTS \(documentTable(collectionID))(
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            body TEXT NOT NULL,
            created INTEGER NOT NULL,
            changed INTEGER NOT NULL,
            createdby TEXT,
            changedby TEXT,
            version INTEGER NOT NULL
        )
        """
    }
}
