// DEVELOPMENT STUB for the store, to be DELETED when the real query module lands in Query/.
// It offers only the interface the store calls and understands top-level plain equality.

/// A `q` the stub cannot handle.
public struct QueryError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A parsed `q`: here only `{"field": scalar, ...}`.
public struct Query: Sendable {
    var equalities: [(String, JSONValue)]

    public static func parse(_ json: JSONValue) throws(QueryError) -> Query {
        guard case .object(let object) = json else { throw QueryError(message: "q must be a JSON object") }
        return Query(equalities: object.map { ($0.key, $0.value) })
    }

    func sqlCondition(bodyColumn: String) -> SQLFragment {
        guard !equalities.isEmpty else { return SQLFragment("1") }
        return SQLFragment.joined(
            equalities.map { key, value in
                let column = key == "_id" ? "id" : "json_extract(\(bodyColumn), '$.\"\(key)\"')"
                switch value {
                case .string(let text): return SQLFragment("\(column) = ?", [.text(text)])
                case .number(let number): return SQLFragment("\(column) = ?", [.real(number.doubleValue)])
                case .bool(let flag): return SQLFragment("\(column) = ?", [.integer(flag ? 1 : 0)])
                default: return SQLFragment("\(column) IS NULL")
                }
            }, separator: " AND ")
    }
}

/// One sort key of `$orderby` / `sort`.
public struct SortKey: Sendable, Hashable {
    public var path: String
    public var ascending: Bool

    public init(path: String, ascending: Bool) {
        self.path = path
        self.ascending = ascending
    }

    func sqlOrdering(bodyColumn: String) -> SQLFragment {
        let column = path == "_id" ? "id" : "json_extract(\(bodyColumn), '$.\"\(path)\"')"
        return SQLFragment("\(column) \(ascending ? "ASC" : "DESC")")
    }
}
