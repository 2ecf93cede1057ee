import DocumentQuery
import DocumentStore

/// The admin routes' reset and named snapshots on PostgreSQL: the whole catalog and every
/// documents table copied into memory from one repeatable-read transaction, and put back in
/// one transaction, as `DocumentStore` does on SQLite. A snapshot's rows are SQLite's shape
/// (`StoreSnapshot`); `seq` is null here, where documents have no insertion counter.
extension PostgresEngine: SnapshottingEngine {
    private static let snapshotColumns = "id, body, created, changed, createdby, changedby, version"

    public func captureSnapshot() throws -> StoreSnapshot {
        try snapshot { connection in
            let catalog = try connection.execute(
                "SELECT id, name, schema, created FROM restlite_collections ORDER BY id")
            var collections: [StoreSnapshot.CollectionRows] = []
            for row in 0..<catalog.count {
                let id = catalog.int64(row, 0)
                let catalogRow: [SQLValue] = [
                    .integer(id), .text(catalog.text(row, 1) ?? ""),
                    catalog.text(row, 2).map(SQLValue.text) ?? .null, .integer(catalog.int64(row, 3)),
                ]
                let indexes = try connection.execute(
                    """
                    SELECT indexdef FROM pg_indexes
                    WHERE schemaname = current_schema() AND tablename = ? AND indexname <> ?
                    ORDER BY indexname
                    """, [.text("docs_\(id)"), .text("docs_\(id)_pkey")])
                let documents = try connection.execute(
                    "SELECT \(Self.snapshotColumns) FROM \(StorageLayout.documentTable(id)) ORDER BY id")
                let rows: [[SQLValue]] = (0..<documents.count).map { index in
                    [.null]
                        + (0..<7).map { column -> SQLValue in
                            guard let text = documents.text(index, column) else { return .null }
                            return [2, 3, 6].contains(column) ? .integer(Int64(text) ?? 0) : .text(text)
                        }
                }
                collections.append(
                    .init(
                        row: catalogRow, id: id,
                        indexSQL: (0..<indexes.count).compactMap { indexes.text($0, 0) }, documents: rows))
            }
            return StoreSnapshot(collections: collections)
        }
    }

    /// Drops every collection and brings back the snapshot's, with their ids, schemas, system
    /// fields and indexes, in one transaction: readers see the old data or the new. Waits for
    /// a start, import or reset of another process to end (`PostgresStartLock`).
    public func restoreSnapshot(_ snapshot: StoreSnapshot) throws {
        try writeCatalog { connection in
            try connection.execute("SET LOCAL statement_timeout = 0")
            // Not while another process starts on the database, imports or resets (it may be
            // making the tables this drops): the start lock first, as they take it.
            try connection.execute("SET LOCAL lock_timeout = '\(PostgresStartLock.patience)'")
            try connection.execute(PostgresStartLock.transactionSQL)
            try connection.execute("SELECT pg_advisory_xact_lock(\(PostgresFunctions.setupLock))")
            let current = try connection.execute("SELECT id FROM restlite_collections")
            for row in 0..<current.count {
                try connection.execute(
                    "DROP TABLE IF EXISTS \(StorageLayout.documentTable(current.int64(row, 0)))")
            }
            try connection.execute("DELETE FROM restlite_collections")
            for collection in snapshot.collections {
                try connection.execute(
                    "INSERT INTO restlite_collections(id, name, schema, created) VALUES (?, ?, ?, ?)",
                    collection.row)
                try connection.execute(Self.createDocumentTableSQL(collection.id))
                try insertRows(collection.documents, into: collection.id, connection)
                for sql in collection.indexSQL { try connection.execute(sql) }
            }
            try connection.execute(
                """
                SELECT setval(pg_get_serial_sequence('restlite_collections', 'id'),
                    GREATEST((SELECT max(id) FROM restlite_collections), 1))
                """)
        }
    }

    /// Many rows per statement: a snapshot of thousands of documents is a few round trips.
    private func insertRows(_ rows: [[SQLValue]], into id: Int64, _ connection: PostgresConnection) throws {
        let batch = 500
        var start = 0
        while start < rows.count {
            let slice = rows[start..<min(start + batch, rows.count)]
            let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: slice.count).joined(separator: ", ")
            try connection.execute(
                "INSERT INTO \(StorageLayout.documentTable(id))(\(Self.snapshotColumns)) VALUES \(values)",
                slice.flatMap { $0.dropFirst() })
            start += batch
        }
    }
}
