import DocumentQuery

/// Everything a store holds at one moment, in memory: the collections (names, schemas, ids,
/// creation times), their field indexes, and every document row with its system fields.
/// Taken by `DocumentStore.captureSnapshot()`, brought back by `restoreSnapshot(_:)`.
public struct StoreSnapshot: Sendable {
    package struct CollectionRows: Sendable {
        /// `collections(id, name, schema, created)` as stored.
        package let row: [SQLValue]
        package let id: Int64
        /// `CREATE INDEX` statements on the documents table, as SQLite keeps them.
        package let indexSQL: [String]
        /// `(seq, id, body, created, changed, createdby, changedby, version)` per document.
        package let documents: [[SQLValue]]

        package init(row: [SQLValue], id: Int64, indexSQL: [String], documents: [[SQLValue]]) {
            self.row = row
            self.id = id
            self.indexSQL = indexSQL
            self.documents = documents
        }
    }

    package let collections: [CollectionRows]

    package init(collections: [CollectionRows]) {
        self.collections = collections
    }

    /// Number of documents over all collections.
    public var documentCount: Int { collections.reduce(0) { $0 + $1.documents.count } }

    /// Number of collections.
    public var collectionCount: Int { collections.count }

    /// Names of the collections, in catalog order.
    public var collectionNames: [String] {
        collections.compactMap { collection in
            if case .text(let name) = collection.row[1] { return name }
            return nil
        }
    }

    /// The same rows for another engine: without the engine's own index statements (the
    /// caller declares indexes again through `DocumentEngine.createIndex`) and with every
    /// document's text as text.
    public var portable: StoreSnapshot {
        StoreSnapshot(
            collections: collections.map { collection in
                CollectionRows(
                    row: collection.row, id: collection.id, indexSQL: [],
                    documents: collection.documents.map { row in
                        row.map { value in
                            if case .blob(let bytes) = value {
                                return .text(String(decoding: bytes, as: UTF8.self))
                            }
                            return value
                        }
                    })
            })
    }
}

/// An engine whose whole contents can be copied into memory and put back in one transaction:
/// what the admin routes' reset and named snapshots need. `DocumentStore` is one; an engine
/// that is not answers those routes with 501.
public protocol SnapshottingEngine: DocumentEngine {
    /// Everything the engine holds now, read from one transaction.
    func captureSnapshot() throws -> StoreSnapshot
    /// Replaces everything by `snapshot`, in one transaction.
    func restoreSnapshot(_ snapshot: StoreSnapshot) throws
}

extension DocumentStore: SnapshottingEngine {}

extension DocumentStore {
    private static let snapshotDocumentColumns =
        "seq, id, body, created, changed, createdby, changedby, version"

    /// Copies the whole store into memory, read in one transaction on the writer, so no write
    /// lands halfway through.
    public func captureSnapshot() throws -> StoreSnapshot {
        try pool.write { connection in
            try connection.transaction {
                var collectionRows: [(row: [SQLValue], id: Int64)] = []
                try connection.forEachRow("SELECT id, name, schema, created FROM collections ORDER BY id") {
                    row in
                    collectionRows.append(
                        (row: (0..<4).map { row.value($0) }, id: row.int64(0)))
                }
                var collections: [StoreSnapshot.CollectionRows] = []
                for (row, id) in collectionRows {
                    let table = StorageLayout.documentTable(id)
                    var indexSQL: [String] = []
                    try connection.forEachRow(
                        "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL",
                        [.text("docs_\(id)")]
                    ) { row in
                        if let sql = row.text(0) { indexSQL.append(sql) }
                    }
                    var documents: [[SQLValue]] = []
                    try connection.forEachRow(
                        "SELECT \(Self.snapshotDocumentColumns) FROM \(table) ORDER BY seq"
                    ) { row in
                        documents.append((0..<8).map { row.value($0) })
                    }
                    collections.append(.init(row: row, id: id, indexSQL: indexSQL, documents: documents))
                }
                return StoreSnapshot(collections: collections)
            }
        }
    }

    /// Replaces everything in the store by `snapshot`, in one transaction: collections that
    /// came later are dropped, deleted ones come back, documents keep their ids, system
    /// fields and order. Readers see the old data or the new, never a mix.
    public func restoreSnapshot(_ snapshot: StoreSnapshot) throws {
        try writeCatalog { connection in
            var current: [Int64] = []
            try connection.forEachRow("SELECT id FROM collections") { row in current.append(row.int64(0)) }
            for id in current {
                try connection.execute("DROP TABLE IF EXISTS \(StorageLayout.documentTable(id))")
            }
            try connection.run("DELETE FROM collections")
            for collection in snapshot.collections {
                try connection.run(
                    "INSERT INTO collections(id, name, schema, created) VALUES (?, ?, ?, ?)", collection.row)
                try connection.execute(StorageLayout.createDocumentTableSQL(collection.id))
                let table = StorageLayout.documentTable(collection.id)
                let statement = try connection.statement(
                    "INSERT INTO \(table)(\(Self.snapshotDocumentColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                defer { statement.reset() }
                for document in collection.documents {
                    try statement.bind(document)
                    try statement.run()
                }
                for sql in collection.indexSQL { try connection.execute(sql) }
            }
        }
    }
}
