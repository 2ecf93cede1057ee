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
                let column = Self.column(key, bodyColumn: bodyColumn)
                switch value {
                case .string(let text) where key != "_id":
                    // The serialized string must occur in the body text: a cheap scan before parsing.
                    let needle = JSONValue.string(text).serialized()
                    return SQLFragment(
                        "instr(\(bodyColumn), ?) > 0 AND \(column) = ?", [.text(needle), .text(text)])
                case .string(let text): return SQLFragment("\(column) = ?", [.text(text)])
                case .number(let number): return SQLFragment("\(column) = ?", [.real(number.doubleValue)])
                case .bool(let flag): return SQLFragment("\(column) = ?", [.integer(flag ? 1 : 0)])
                default: return SQLFragment("\(column) IS NULL")
                }
            }, separator: " AND ")
    }
}

extension Query {
    /// The same expression text the store's field indexes use, so SQLite can use them.
    static func column(_ path: String, bodyColumn: String) -> String {
        if path == "_id" { return "id" }
        let literal = (try? FieldIndex.pathLiteral(path)) ?? "'$'"
        return "json_extract(\(bodyColumn), \(literal))"
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
        let column = Query.column(path, bodyColumn: bodyColumn)
        return SQLFragment("\(column) \(ascending ? "ASC" : "DESC")")
    }
}
