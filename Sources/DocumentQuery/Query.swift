import DocumentJSON

/// A restdb `q` query (MongoDB style), parsed and validated, ready to become SQL.
///
/// ```swift
/// let query = try Query.parse(text: #"{"age":{"$gt":5},"tags":"cute"}"#)
/// let condition = query.sqlCondition(bodyColumn: "body", dialect: SQLiteDialect())  // WHERE + bindings
/// ```
public struct Query: Sendable, Hashable {
    /// The parsed condition.
    public let root: QueryNode

    public init(root: QueryNode) {
        self.root = root
    }

    /// The query that matches every document (`{}`).
    public static let all = Query(root: .and([]))

    /// Reads a query object. Throws a `QueryError` naming an unknown operator, a wrong
    /// operand, an invalid regular expression or a bad field path.
    public static func parse(_ json: JSONValue) throws(QueryError) -> Query {
        guard case .object(let object) = json else {
            throw QueryError(.wrongOperand, "the query must be a JSON object, got \(json.typePhrase)")
        }
        return Query(root: try QueryParser.document(object))
    }

    /// Reads a query from JSON text; empty (or all white space) text is the match-all query.
    public static func parse(text: String) throws(QueryError) -> Query {
        if text.allSatisfy(\.isWhitespace) { return .all }
        let json: JSONValue
        do {
            json = try JSON.parse(text)
        } catch {
            throw QueryError(.malformedJSON, "the query is not valid JSON: \(error.description)")
        }
        return try parse(json)
    }
}
