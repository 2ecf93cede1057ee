import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Columns every document query selects, in the order `document(from:)` reads them.
    static let documentColumns = "id, body, created, changed, createdby, changedby, version"

    static func document(from row: SQLiteStatement) -> Document {
        Document(
            id: row.text(0) ?? "", body: row.bytes(1), created: row.int64(2), changed: row.int64(3),
            createdBy: row.text(4), changedBy: row.text(5), version: row.int64(6))
    }

    /// The document `id`. Throws `invalidID`, `collectionNotFound` or `documentNotFound`.
    public func document(_ id: String, in name: String) throws -> Document {
        try Self.validateID(id)
        let info = try collection(name)
        let found = try pool.read { connection in
            try Self.fetch(id, info: info, connection)
        }
        guard let found else { throw StoreError.documentNotFound(id) }
        return found
    }

    static func fetch(_ id: String, info: CollectionInfo, _ connection: SQLiteConnection) throws -> Document?
    {
        let statement = try connection.statement(
            "SELECT \(documentColumns) FROM \(info.table) WHERE id = ?", [.text(id)])
        defer { statement.reset() }
        return try statement.step() ? document(from: statement) : nil
    }

    package static func validateID(_ id: String) throws(StoreError) {
        guard ObjectID.isValid(id) else { throw .invalidID(id) }
    }
}
