@testable import DocumentStore

/// A documents table with the store's layout in a temporary database, with the query
/// functions registered, for running compiled queries against real SQLite.
final class QueryFixture {
    let database = TemporaryDatabase()
    let connection: SQLiteConnection
    let table = StorageLayout.documentTable(1)

    init(documents: [JSONValue] = []) throws {
        connection = try SQLiteConnection(path: database.path)
        try registerQueryFunctions(on: connection)
        try connection.execute(StorageLayout.createDocumentTableSQL(1))
        try insert(documents)
    }

    deinit { database.remove() }

    /// Inserts documents that carry their `_id`; `created` is the position in ms.
    func insert(_ documents: [JSONValue]) throws {
        try connection.transaction {
            for (position, document) in documents.enumerated() {
                let id = document["_id"]?.stringValue ?? "id\(position)"
                try connection.run(
                    "INSERT INTO \(table)(id, body, created, changed, createdby, changedby, version)"
                        + " VALUES (?, ?, ?, ?, 'api', 'api', 0)",
                    [
                        .text(id), .text(document.serialized()), .integer(Int64(position)),
                        .integer(Int64(position)),
                    ])
            }
        }
    }

    /// Ids of the documents matching `query`, in `sort` order (insertion order by default).
    func ids(_ query: Query, sort: [SortKey] = [], filter: String? = nil) throws -> [String] {
        var condition = query.sqlCondition(bodyColumn: "body")
        if let filter {
            condition =
                condition + SQLFragment(" AND ") + Query.filterCondition(text: filter, bodyColumn: "body")
        }
        let order = SortKey.sqlOrdering(sort, bodyColumn: "body")
        var ids: [String] = []
        try connection.forEachRow(
            "SELECT id FROM \(table) WHERE \(condition.sql) ORDER BY \(order.sql)", condition.bindings
        ) { row in
            ids.append(row.text(0) ?? "")
        }
        return ids
    }

    func ids(_ text: String, sort: [SortKey] = []) throws -> [String] {
        try ids(Query.parse(text: text), sort: sort)
    }
}
