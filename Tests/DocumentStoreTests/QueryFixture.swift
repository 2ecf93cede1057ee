import DocumentJSON
import RestLiteTesting

@testable import DocumentQuery
@testable import DocumentStore

/// A documents table with the store's layout in a temporary database, with the query
/// functions registered, for running compiled queries against real SQLite.
final class QueryFixture {
    let database = TemporaryDatabase()
    let connection: SQLiteConnection
    let table = StorageLayout.documentTable(1)
    /// Whether `createIndexes` ran: sorts then compile as the store compiles indexed ones.
    private(set) var indexed = false

    init(documents: [JSONValue] = []) throws {
        connection = try SQLiteConnection(path: database.path)
        try registerQueryFunctions(on: connection)
        try connection.execute(StorageLayout.createDocumentTableSQL(1))
        try insert(documents)
    }

    deinit { database.remove() }

    /// Declares store indexes (value and sort) on `paths`, as `createIndex` does.
    func createIndexes(_ paths: [String]) throws {
        indexed = true
        for text in paths {
            let path = try FieldPath(text)
            try connection.execute(FieldIndex.createValueIndexSQL(collectionID: 1, path: path))
            try connection.execute(FieldIndex.createSortIndexSQL(collectionID: 1, path: path))
        }
    }

    /// The query plan's detail lines for `sql`.
    func plan(_ sql: String, _ bindings: [SQLValue] = []) throws -> String {
        var details: [String] = []
        try connection.forEachRow("EXPLAIN QUERY PLAN " + sql, bindings) { details.append($0.text(3) ?? "") }
        return details.joined(separator: "\n")
    }

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
        // As `DocumentStore.pageSQL`: a scan's sort reads the body once (`restlite_sortkey`).
        let terms = sort.map {
            indexed ? $0.sqlOrdering(bodyColumn: "body") : $0.scanOrdering(bodyColumn: "body")
        }
        let order = SQLFragment.joined(terms + [SQLFragment("seq ASC")], separator: ", ")
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
