import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Creates an empty collection. Throws `collectionExists` or `invalidCollectionName`.
    @discardableResult
    public func createCollection(_ name: String, schema: CollectionSchema? = nil) throws -> CollectionInfo {
        try CollectionName.validate(name)
        try writeCatalog { connection in
            if try connection.scalar("SELECT 1 FROM collections WHERE name = ?", [.text(name)]) != nil {
                throw StoreError.collectionExists(name)
            }
            try insertCollection(name, schema: schema, connection)
        }
        return try collection(name)
    }

    /// Adds a collection (catalog row, document table, unique indexes) inside the caller's
    /// transaction.
    @discardableResult
    func insertCollection(
        _ name: String, schema: CollectionSchema?, created: Int64? = nil, _ connection: SQLiteConnection
    ) throws -> CollectionInfo {
        let schemaText: SQLValue = schema.map { .text($0.json.serialized()) } ?? .null
        let created = created ?? clock.nowMilliseconds()
        try connection.run(
            "INSERT INTO collections(name, schema, created) VALUES (?, ?, ?)",
            [.text(name), schemaText, .integer(created)])
        let id = connection.lastInsertRowID
        try connection.execute(StorageLayout.createDocumentTableSQL(id))
        if let schema { try createUniqueIndexes(schema, collectionID: id, connection) }
        return CollectionInfo(id: id, name: name, schema: schema, created: created)
    }

    /// Every collection with its document count, sorted by name.
    public func listCollections() throws -> [CollectionSummary] {
        let infos = collectionNames().compactMap { try? collection($0) }
        return try pool.read { connection in
            try infos.map { info in
                let count = try connection.scalar("SELECT count(*) FROM \(info.table)")
                guard case .integer(let number) = count else {
                    return CollectionSummary(name: info.name, count: 0, schema: info.schema)
                }
                return CollectionSummary(name: info.name, count: Int(number), schema: info.schema)
            }
        }
    }

    /// The collection's schema, `nil` when it has none. Throws `collectionNotFound`.
    public func schema(of name: String) throws -> CollectionSchema? {
        try collection(name).schema
    }

    /// Sets (or with `nil` removes) a collection's schema, creating the collection when
    /// missing. Existing documents are not re-validated; unique fields get an index.
    public func setSchema(_ schema: CollectionSchema?, for name: String) throws {
        if (try? collection(name)) == nil { try CollectionName.validate(name) }
        try writeCatalog { connection in
            // Created in the same transaction: a schema that cannot be written leaves no collection.
            let info = try (try? collection(name)) ?? insertCollection(name, schema: nil, connection)
            try writeSchema(schema, collectionID: info.id, connection)
        }
    }

    /// Stores a collection's schema (nil: none) and the value indexes its unique fields need.
    func writeSchema(_ schema: CollectionSchema?, collectionID: Int64, _ connection: SQLiteConnection) throws
    {
        let schemaText: SQLValue = schema.map { .text($0.json.serialized()) } ?? .null
        try connection.run(
            "UPDATE collections SET schema = ? WHERE id = ?", [schemaText, .integer(collectionID)])
        if let schema { try createUniqueIndexes(schema, collectionID: collectionID, connection) }
    }

    /// Deletes a collection and all its documents in one transaction, and the children of those
    /// documents in child collections (which stay, as collections of their own; their deleted
    /// ids reach `observeCascadedDeletes`). Returns the ids of the documents it held. Throws
    /// `collectionNotFound`.
    @discardableResult
    public func dropCollection(_ name: String) throws -> [String] {
        let info = try collection(name)
        var cascaded: [(collection: String, ids: [String])] = []
        let ids = try writeCatalog { connection in
            var ids: [String] = []
            try connection.forEachRow("SELECT id FROM \(info.table) ORDER BY id", []) { row in
                ids.append(row.text(0) ?? "")
            }
            try deleteChildren(ofDeleted: ids, in: info, connection, cascaded: &cascaded)
            try removeCollection(info, connection)
            return ids
        }
        reportCascade(cascaded)
        return ids
    }

    /// Drops a collection's table (its indexes with it) and its catalog row, inside the
    /// caller's transaction.
    func removeCollection(_ info: CollectionInfo, _ connection: SQLiteConnection) throws {
        try connection.execute("DROP TABLE IF EXISTS \(info.table)")
        try connection.run("DELETE FROM collections WHERE id = ?", [.integer(info.id)])
    }

    /// Declares an index on the top-level or dotted field `path`, so equality, `$in`, ranges
    /// and sorts on that field read an index instead of parsing every document. It is two
    /// SQLite expression indexes (value; type rank and value, see `FieldIndex`); each costs
    /// some insert and update time. Returns the value index's name. Idempotent. Throws
    /// `collectionNotFound`, `badRequest` for a path the query language refuses.
    @discardableResult
    public func createIndex(collection name: String, path: String) throws -> String {
        let info = try collection(name)
        let fieldPath = try FieldIndex.path(path)
        try pool.write { connection in
            try connection.transaction {
                try Self.dropAutomaticIndexes(collectionID: info.id, path: fieldPath, connection)
                try connection.execute(FieldIndex.createValueIndexSQL(collectionID: info.id, path: fieldPath))
                try connection.execute(FieldIndex.createSortIndexSQL(collectionID: info.id, path: fieldPath))
            }
            try reloadTiers(connection)
        }
        return FieldIndex.indexName(collectionID: info.id, path: fieldPath, kind: "v")
    }

    /// Unique fields get a value index: the unique check on every write looks values up in it.
    private func createUniqueIndexes(
        _ schema: CollectionSchema, collectionID: Int64, _ connection: SQLiteConnection
    ) throws {
        for field in schema.fields where field.unique {
            guard let path = try? FieldIndex.path(field.name) else { continue }
            try connection.execute(FieldIndex.createValueIndexSQL(collectionID: collectionID, path: path))
        }
    }
}
