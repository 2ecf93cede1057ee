import DocumentJSON
import DocumentQuery
import DocumentStore

extension PostgresEngine {
    @discardableResult
    public func createCollection(_ name: String, schema: CollectionSchema?) throws -> CollectionInfo {
        try CollectionName.validate(name)
        try writeCatalog { connection in
            let found = try connection.execute(
                "SELECT 1 FROM restlite_collections WHERE name = ?", [.text(name)])
            if found.count > 0 { throw StoreError.collectionExists(name) }
            _ = try insertCollection(name, schema: schema, created: nil, connection)
        }
        return try collection(name)
    }

    /// Adds a collection (catalog row, documents table, unique-field indexes) in the caller's
    /// transaction; when another writer added the same name meanwhile, that one is returned.
    func insertCollection(
        _ name: String, schema: CollectionSchema?, created: Int64?, _ connection: PostgresConnection
    ) throws -> CollectionInfo {
        let created = created ?? clock.nowMilliseconds()
        let schemaText: SQLValue = schema.map { .text($0.json.serialized()) } ?? .null
        let inserted = try connection.execute(
            """
            INSERT INTO restlite_collections(name, schema, created) VALUES (?, ?, ?)
            ON CONFLICT (name) DO NOTHING RETURNING id
            """, [.text(name), schemaText, .integer(created)])
        guard inserted.count > 0 else {
            let rows = try connection.execute(
                "SELECT id, schema, created FROM restlite_collections WHERE name = ?", [.text(name)])
            let schema = try rows.text(0, 1).map { try CollectionSchema(json: try JSON.parse($0)) }
            return CollectionInfo(id: rows.int64(0, 0), name: name, schema: schema, created: rows.int64(0, 2))
        }
        let id = inserted.int64(0, 0)
        try connection.execute(Self.createDocumentTableSQL(id))
        let info = CollectionInfo(id: id, name: name, schema: schema, created: created)
        try createUniqueIndexes(info, connection)
        return info
    }

    /// The documents table of collection `id`.
    static func createDocumentTableSQL(_ id: Int64) -> String {
        """
        CREATE TABLE IF NOT EXISTS \(StorageLayout.documentTable(id))(
            id text COLLATE "C" PRIMARY KEY,
            body text NOT NULL,
            doc jsonb GENERATED ALWAYS AS (CAST(body AS jsonb)) STORED,
            created bigint NOT NULL,
            changed bigint NOT NULL,
            createdby text,
            changedby text,
            version bigint NOT NULL
        )
        """
    }

    public func listCollections() throws -> [CollectionSummary] {
        let infos = collectionNames().compactMap { try? collection($0) }
        return try run { connection in
            try infos.map { info in
                let rows = try connection.execute("SELECT count(*) FROM \(info.table)")
                return CollectionSummary(name: info.name, count: Int(rows.int64(0, 0)), schema: info.schema)
            }
        }
    }

    @discardableResult
    public func dropCollection(_ name: String) throws -> [String] {
        let info = try collection(name)
        var cascaded: [(collection: String, ids: [String])] = []
        let ids = try writeCatalog { connection in
            let rows = try connection.execute("SELECT id FROM \(info.table) ORDER BY id")
            let ids = (0..<rows.count).map { rows.text($0, 0) ?? "" }
            try deleteChildren(ofDeleted: ids, in: info, connection, cascaded: &cascaded)
            try connection.execute("DROP TABLE IF EXISTS \(info.table)")
            try connection.execute("DELETE FROM restlite_collections WHERE id = ?", [.integer(info.id)])
            return ids
        }
        reportCascade(cascaded)
        return ids
    }

    /// Two expression indexes, as on SQLite: the field's `jsonb` value (equality, `$in`,
    /// ranges, unique checks) and its sort key (the ORDER BY a sort on it writes).
    @discardableResult
    public func createIndex(collection name: String, path: String) throws -> String {
        let info = try collection(name)
        let fieldPath = try FieldIndex.path(path)
        try write { connection in
            try connection.execute("SET LOCAL statement_timeout = 0")
            // A declared index takes the place of the automatic ones on the field.
            for kind in ["av", "as"] {
                try connection.execute("DROP INDEX IF EXISTS \(Self.indexName(info, fieldPath, kind: kind))")
            }
            try connection.execute(Self.valueIndexSQL(info, fieldPath))
            try connection.execute(
                "CREATE INDEX IF NOT EXISTS \(Self.indexName(info, fieldPath, kind: "s")) ON \(info.table)"
                    + "((\(Self.sortExpression(fieldPath))))")
            try announceCatalogChange(connection)
        }
        return Self.indexName(info, fieldPath, kind: "v")
    }

    static func valueIndexSQL(_ info: CollectionInfo, _ path: FieldPath) -> String {
        "CREATE INDEX IF NOT EXISTS \(indexName(info, path, kind: "v")) ON \(info.table)"
            + "(\(PostgresDialect.fieldExpression(documentColumn, path.segments.map(PathStep.key))))"
    }

    /// The sort key of a field, as ORDER BY and the sort index write it. It reads the body
    /// text as `json` (not `doc`): objects and arrays then sort by their text exactly as
    /// restlite wrote it, keys in their order, as on SQLite (`jsonb` reorders keys).
    static func sortExpression(_ path: FieldPath) -> String {
        "restlite_sortkey(CAST(body AS json)"
            + path.segments.map { " -> " + PostgresDialect.quoted($0) }.joined() + ")"
    }

    /// `"docs_7_v_<hash of the path>"`: PostgreSQL names are at most 63 bytes.
    static func indexName(_ info: CollectionInfo, _ path: FieldPath, kind: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.description.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"docs_\(info.id)_\(kind)_\(String(repeating: "0", count: 16 - hex.count) + hex)\""
    }

    private func createUniqueIndexes(_ info: CollectionInfo, _ connection: PostgresConnection) throws {
        guard let schema = info.schema else { return }
        for field in schema.fields where field.unique {
            guard let path = try? FieldIndex.path(field.name) else { continue }
            try connection.execute(Self.valueIndexSQL(info, path))
        }
    }

    // MARK: Schemas

    public func schema(of name: String) throws -> CollectionSchema? {
        try collection(name).schema
    }

    public func setSchema(_ schema: CollectionSchema?, for name: String) throws {
        if (try? collection(name)) == nil { try CollectionName.validate(name) }
        try writeCatalog { connection in
            let info =
                try (try? collection(name)) ?? insertCollection(name, schema: nil, created: nil, connection)
            try writeSchema(schema, info: info, connection)
        }
    }

    func writeSchema(
        _ schema: CollectionSchema?, info: CollectionInfo, _ connection: PostgresConnection
    )
        throws
    {
        let schemaText: SQLValue = schema.map { .text($0.json.serialized()) } ?? .null
        try connection.execute(
            "UPDATE restlite_collections SET schema = ? WHERE id = ?", [schemaText, .integer(info.id)])
        try createUniqueIndexes(
            CollectionInfo(id: info.id, name: info.name, schema: schema, created: info.created), connection)
    }

    @discardableResult
    public func setSchemaWhileEmpty(_ schema: CollectionSchema?, for name: String, create: Bool) throws
        -> DocumentStore.SchemaChange
    {
        try CollectionName.validate(name)
        if let system = schema?.fields.first(where: { SystemFields.owns($0.name) }) {
            throw StoreError.badRequest(
                "'\(system.name)' is a system field, which the store writes itself; leave it out of the schema."
            )
        }
        return try writeCatalog { connection in
            guard let info = try? collection(name) else {
                guard create else { throw StoreError.collectionNotFound(name, existing: collectionNames()) }
                _ = try insertCollection(name, schema: schema, created: nil, connection)
                return .set(createdCollection: true)
            }
            // Inserts wait for this lock: nothing slips in between the count and the change.
            try connection.execute("LOCK TABLE \(info.table) IN SHARE ROW EXCLUSIVE MODE")
            let count = try connection.execute("SELECT count(*) FROM \(info.table)").int64(0, 0)
            if count > 0 { return .refusedNotEmpty(documentCount: Int(count)) }
            try writeSchema(schema, info: info, connection)
            return .set(createdCollection: false)
        }
    }

    /// Serialises the transactions that check a collection's unique fields or its emptiness.
    func lockCollection(_ info: CollectionInfo, _ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_xact_lock(?)", [.integer(info.id)])
    }
}
