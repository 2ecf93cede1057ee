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
            let dropped = try connection.transaction {
                let stored = try Self.storedIndexes(collectionID: info.id, connection).filter {
                    $0.path == path
                }
                for index in stored { try connection.execute("DROP INDEX IF EXISTS \"\(index.name)\"") }
                return !stored.isEmpty
            }
            try reloadTiers(connection)
            return dropped
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

    /// Every automatic index in the file (an automatic value index once, whatever its tiers);
    /// reloads the tiers reads use (another process may have changed them).
    package func automaticIndexKeys() throws -> [AutoIndexer.Key] {
        let ids = collectionIDs()
        return try pool.read { connection in
            try reloadTiers(connection)
            return try ids.flatMap { id in
                let keys = try Self.storedIndexes(collectionID: id, connection).compactMap { index in
                    Self.automaticKey(index, collectionID: id)
                }
                return Array(Set(keys))
            }
        }
    }

    /// The automatic index a stored one belongs to, or nil for a declared one.
    private static func automaticKey(_ index: StoredIndex, collectionID: Int64) -> AutoIndexer.Key? {
        if index.kind == FieldIndex.automaticSortKind
            || index.kind.hasPrefix(FieldIndex.automaticSortTierKind)
        {
            return .init(collectionID: collectionID, path: index.path, purpose: .sort)
        }
        guard
            index.kind == FieldIndex.automaticValueKind || index.kind.hasPrefix(FieldIndex.automaticTierKind)
        else { return nil }
        return .init(collectionID: collectionID, path: index.path, purpose: .filter)
    }

    /// Builds the automatic index `key` asks for, unless a declared one serves it, the
    /// collection is gone, or it holds more than `maximumDocuments`. It is built as the base
    /// tier of `AutomaticTiers`, every document there is now (a whole index on an empty collection).
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
            let stored = try Self.storedIndexes(collectionID: key.collectionID, connection)
            if stored.contains(where: { Self.automaticKey($0, collectionID: key.collectionID) == key }) {
                return .built
            }
            let (id, path) = (key.collectionID, key.path)
            let last = try Self.lastSequence(collectionID: id, connection)
            if last > 0 {
                try connection.execute(
                    FieldIndex.createAutomaticTierSQL(
                        collectionID: id, path: path, purpose: key.purpose, after: 0, through: last))
            } else if key.purpose == .filter {  // nothing to be the base of: a whole index
                try connection.execute(
                    FieldIndex.createValueIndexSQL(
                        collectionID: id, path: path, kind: FieldIndex.automaticValueKind))
            } else {
                try connection.execute(
                    FieldIndex.createSortIndexSQL(
                        collectionID: id, path: path, kind: FieldIndex.automaticSortKind))
            }
            try reloadTiers(connection)
            return .built
        }
    }

    /// Brings the tiers of the automatic index `key` up to the documents inserted past its
    /// last tier, when there are at least `minimumNewDocuments`: a new tier over them, or, when
    /// there are `maximumTiers` beside the base already, one tier in place of all of them (or a
    /// new base, once they hold half as many documents as the base).
    package func catchUpAutomaticIndex(_ key: AutoIndexer.Key, minimumNewDocuments: Int) throws
        -> AutomaticIndexCatchUp
    {
        guard collectionIDs().contains(key.collectionID) else { return .current }
        return try pool.write { connection in
            try connection.transaction {
                let outcome = try Self.catchUp(key, minimumNewDocuments: minimumNewDocuments, connection)
                try reloadTiers(connection)
                return outcome
            }
        }
    }

    /// An index with tiers is caught up, not written by inserts (`AutomaticTiers`).
    package func automaticIndexFollowsWrites(_ key: AutoIndexer.Key) -> Bool {
        automaticTiers.bounds(collectionID: key.collectionID, paths: [key.path], purpose: key.purpose) == nil
    }

    /// Tiers beside the base before a catch-up merges them.
    static let maximumTiers = 6

    private static func catchUp(
        _ key: AutoIndexer.Key, minimumNewDocuments: Int, _ connection: SQLiteConnection
    )
        throws -> AutomaticIndexCatchUp
    {
        let (id, path) = (key.collectionID, key.path)
        let tiers = try storedTiers(connection).filter {
            $0.collectionID == id && $0.path == path && $0.purpose == key.purpose
        }
        .sorted { $0.upper < $1.upper }
        guard let base = tiers.first, let top = tiers.last else { return .current }
        let table = StorageLayout.documentTable(id)
        let column = StorageLayout.sequenceColumn
        let count = { (range: String) throws -> Int in
            let value = try connection.scalar("SELECT count(*) FROM \(table) WHERE \(range)")
            guard case .integer(let number) = value else { return 0 }
            return Int(number)
        }
        let tail = try count("\(column) > \(top.upper)")
        guard tail >= minimumNewDocuments, tail > 0 else { return .current }
        let last = try lastSequence(collectionID: id, connection)
        if tiers.count - 1 < maximumTiers {
            try connection.execute(
                FieldIndex.createAutomaticTierSQL(
                    collectionID: id, path: path, purpose: key.purpose, after: top.upper, through: last))
            return .extended(documents: tail)
        }
        let newer = try count("\(column) > \(base.upper)")
        let older = try count("\(column) <= \(base.upper)")
        let rebuild = newer * 2 >= older
        try connection.execute(
            FieldIndex.createAutomaticTierSQL(
                collectionID: id, path: path, purpose: key.purpose, after: rebuild ? 0 : base.upper,
                through: last))
        for tier in tiers.dropFirst(rebuild ? 0 : 1) {
            try connection.execute("DROP INDEX IF EXISTS \"\(tier.name)\"")
        }
        return rebuild
            ? .rebuilt(documents: newer + older) : .merged(tiers: tiers.count - 1, documents: newer)
    }

    /// The highest `seq` of a collection (0 when it is empty).
    private static func lastSequence(collectionID: Int64, _ connection: SQLiteConnection) throws -> Int64 {
        let value = try connection.scalar(
            "SELECT max(\(StorageLayout.sequenceColumn)) FROM \(StorageLayout.documentTable(collectionID))")
        guard case .integer(let last) = value else { return 0 }
        return last
    }

    /// Drops the automatic index `key` (nothing if it is gone), every tier of it.
    package func dropAutomaticIndex(_ key: AutoIndexer.Key) throws {
        try pool.write { connection in
            try connection.transaction {
                for index in try Self.storedIndexes(collectionID: key.collectionID, connection)
                where Self.automaticKey(index, collectionID: key.collectionID) == key {
                    try connection.execute("DROP INDEX IF EXISTS \"\(index.name)\"")
                }
            }
            try reloadTiers(connection)
        }
    }

    /// Drops the automatic indexes on `path`, inside the caller's transaction (a declared index
    /// takes their place).
    static func dropAutomaticIndexes(collectionID: Int64, path: FieldPath, _ connection: SQLiteConnection)
        throws
    {
        for index in try storedIndexes(collectionID: collectionID, connection)
        where index.path == path && automaticKey(index, collectionID: collectionID) != nil {
            try connection.execute("DROP INDEX IF EXISTS \"\(index.name)\"")
        }
    }

    /// Tells the reads the tiers in the file now (after a change to them, or another process's).
    func reloadTiers(_ connection: SQLiteConnection) throws {
        automaticTiers.replace(with: try Self.storedTiers(connection))
    }

    /// Every tier of an automatic index in the file (`AutomaticTiers`).
    static func storedTiers(_ connection: SQLiteConnection) throws -> [AutomaticTiers.Tier] {
        var tiers: [AutomaticTiers.Tier] = []
        try connection.forEachRow(
            "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND (name LIKE 'ix\\_%\\_avt%' ESCAPE '\\' OR name LIKE 'ix\\_%\\_ast%' ESCAPE '\\')"
        ) { row in
            guard let name = row.text(0), let sql = row.text(1), let path = Self.indexedPath(sql),
                let tier = AutomaticTiers.tier(name: name, path: path)
            else { return }
            tiers.append(tier)
        }
        return tiers
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
