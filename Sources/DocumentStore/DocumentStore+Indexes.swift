import DocumentQuery

/// Listing and removing field indexes, and the automatic ones `AutoIndexer` builds.
extension DocumentStore {
    /// One index as the file names it (`FieldIndex.indexName`), with the field read back from
    /// its SQL.
    struct StoredIndex {
        let name: String
        let path: FieldPath
        let kind: String
    }

    /// The field indexes of a collection, declared and automatic, by field. Throws
    /// `collectionNotFound`.
    public func indexes(of name: String) throws -> [IndexDescription] {
        let info = try collection(name)
        let stored = try pool.read { connection in try Self.storedIndexes(collectionID: info.id, connection) }
        return IndexDescription.listing(stored.map { (field: $0.path.description, kind: $0.kind) })
    }

    /// Removes every index on `field` (declared and automatic). Returns false when there was
    /// none. Throws `collectionNotFound`, and `badRequest` for a unique field (its check needs
    /// the index).
    @discardableResult
    public func dropIndex(collection name: String, field: String) throws -> Bool {
        let info = try collection(name)
        let path = try FieldIndex.path(field)
        if info.schema?.fields.contains(where: { $0.unique && $0.name == field }) == true {
            throw StoreError.badRequest(
                "\(field) is unique in the schema of \(name); its index checks that and stays.")
        }
        return try pool.write { connection in
            try connection.transaction {
                let stored = try Self.storedIndexes(collectionID: info.id, connection).filter {
                    $0.path == path
                }
                for index in stored { try connection.execute("DROP INDEX IF EXISTS \"\(index.name)\"") }
                return !stored.isEmpty
            }
        }
    }

    /// How reads used the collection's automatic indexes since the store opened
    /// (`AutoIndexer.uses`). Throws `collectionNotFound`.
    public func indexUses(of name: String) throws -> [IndexUse] {
        let info = try collection(name)
        return autoIndexer?.uses(collectionID: info.id) ?? []
    }

    /// Tells the automatic indexes that a write changed `count` documents of `info`'s
    /// collection (`AutoIndexPolicy.writeCost`).
    func noteWrites(_ count: Int, to info: CollectionInfo) {
        autoIndexer?.noteWrites(count, collectionID: info.id, engine: self)
    }

    /// Every automatic index in the file.
    package func automaticIndexKeys() throws -> [AutoIndexer.Key] {
        let ids = collectionIDs()
        return try pool.read { connection in
            try ids.flatMap { id in
                try Self.storedIndexes(collectionID: id, connection).compactMap { index in
                    switch index.kind {
                    case FieldIndex.automaticValueKind:
                        .init(collectionID: id, path: index.path, purpose: .filter)
                    case FieldIndex.automaticSortKind:
                        .init(collectionID: id, path: index.path, purpose: .sort)
                    default: nil
                    }
                }
            }
        }
    }

    /// Builds the automatic index `key` asks for, unless a declared one serves it, the
    /// collection is gone, or it holds more than `maximumDocuments`.
    package func createAutomaticIndex(_ key: AutoIndexer.Key, maximumDocuments: Int) throws
        -> AutomaticIndexOutcome
    {
        guard collectionIDs().contains(key.collectionID) else { return .gone }
        let declared =
            key.purpose == .filter ? FieldIndex.valueKind : FieldIndex.sortKind
        return try pool.write { connection in
            let documents = try connection.tableCount(StorageLayout.documentTable(key.collectionID))
            if documents > maximumDocuments { return .tooLarge(documents: documents) }
            let name = FieldIndex.indexName(collectionID: key.collectionID, path: key.path, kind: declared)
            if try connection.scalar(
                "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?", [.text(name)]) != nil
            {
                return .covered
            }
            try connection.execute(
                key.purpose == .filter
                    ? FieldIndex.createValueIndexSQL(
                        collectionID: key.collectionID, path: key.path, kind: FieldIndex.automaticValueKind)
                    : FieldIndex.createSortIndexSQL(
                        collectionID: key.collectionID, path: key.path, kind: FieldIndex.automaticSortKind))
            return .built
        }
    }

    /// Drops the automatic index `key` (nothing if it is gone).
    package func dropAutomaticIndex(_ key: AutoIndexer.Key) throws {
        let kind = key.purpose == .filter ? FieldIndex.automaticValueKind : FieldIndex.automaticSortKind
        let name = FieldIndex.indexName(collectionID: key.collectionID, path: key.path, kind: kind)
        try pool.write { connection in try connection.execute("DROP INDEX IF EXISTS \"\(name)\"") }
    }

    /// Drops the automatic indexes on `path`, inside the caller's transaction (a declared index
    /// takes their place).
    static func dropAutomaticIndexes(collectionID: Int64, path: FieldPath, _ connection: SQLiteConnection)
        throws
    {
        for kind in [FieldIndex.automaticValueKind, FieldIndex.automaticSortKind] {
            let name = FieldIndex.indexName(collectionID: collectionID, path: path, kind: kind)
            try connection.execute("DROP INDEX IF EXISTS \"\(name)\"")
        }
    }

    private func collectionIDs() -> Set<Int64> {
        Set(collectionNames().compactMap { name in try? collection(name).id })
    }

    /// The field indexes on a collection's table, read from `sqlite_schema`.
    static func storedIndexes(collectionID: Int64, _ connection: SQLiteConnection) throws -> [StoredIndex] {
        var indexes: [StoredIndex] = []
        try connection.forEachRow(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND name LIKE 'ix\\_%' ESCAPE '\\'",
            [.text("docs_\(collectionID)")]
        ) { row in
            guard let name = row.text(0), let sql = row.text(1), let path = Self.indexedPath(sql) else {
                return
            }
            let parts = name.split(separator: "_")
            guard parts.count >= 3 else { return }
            indexes.append(StoredIndex(name: name, path: path, kind: String(parts[parts.count - 2])))
        }
        return indexes
    }

    /// The field of `json_extract(body, '$."a"."b"')` in an index's SQL.
    static func indexedPath(_ sql: String) -> FieldPath? {
        guard let start = sql.firstRange(of: "'$.\"") else { return nil }
        var segments: [String] = []
        var rest = sql[sql.index(before: start.upperBound)...]
        while rest.first == "\"" {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { return nil }
            segments.append(String(rest[..<close]).replacing("''", with: "'"))
            rest = rest[rest.index(after: close)...]
            guard rest.hasPrefix(".\"") else { break }
            rest = rest.dropFirst()
        }
        return segments.isEmpty ? nil : FieldPath(validatedSegments: segments)
    }
}
