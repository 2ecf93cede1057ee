import DocumentJSON

/// restdb's `h` parameter: ordering, projection, paging and grouping hints.
///
/// ```swift
/// let hints = try QueryHints.parse(text: #"{"$orderby":{"rating":-1},"$max":10,"$fields":{"catName":1}}"#)
/// ```
public struct QueryHints: Sendable, Hashable {
    /// `$orderby`: `{"f":1,"g":-1}`, in the object's order.
    public var orderBy: [SortKey] = []
    /// `$fields`: which fields to return.
    public var fields: FieldSelection?
    /// `$max`: the most documents to return.
    public var max: Int?
    /// `$skip`: how many matching documents to pass over.
    public var skip: Int?
    /// `$groupby`: field names or restdb's date groups (a string or an array of them).
    public var groupBy: [GroupSpec] = []
    /// `$aggregate`: `"SUM:weightKg"` terms (a string or an array of them).
    public var aggregates: [Aggregate] = []

    public init() {}

    public static func parse(text: String) throws(QueryError) -> QueryHints {
        if text.allSatisfy(\.isWhitespace) { return QueryHints() }
        let json: JSONValue
        do {
            json = try JSON.parse(text)
        } catch {
            throw QueryError(.malformedJSON, "the hints (`h`) are not valid JSON: \(error.description)")
        }
        return try parse(json)
    }

    public static func parse(_ json: JSONValue) throws(QueryError) -> QueryHints {
        guard case .object(let object) = json else {
            throw QueryError(.badHint, "the hints (`h`) must be a JSON object, got \(json.typePhrase)")
        }
        var hints = QueryHints()
        for member in object {
            try hints.read(member.key, member.value)
        }
        return hints
    }

    private mutating func read(_ key: String, _ value: JSONValue) throws(QueryError) {
        switch key {
        case "$orderby": orderBy = try Self.orderBy(value)
        case "$fields": fields = try FieldSelection.parse(value)
        case "$max": max = try Self.count(value, name: key)
        case "$skip": skip = try Self.count(value, name: key)
        case "$groupby":
            groupBy = try Self.strings(value, name: key).map { (text) throws(QueryError) in
                try GroupSpec(text)
            }
        case "$aggregate":
            aggregates = try Self.strings(value, name: key).map { (text) throws(QueryError) in
                do throws(QueryError) {
                    return try Aggregate(spec: text)
                } catch {
                    throw QueryError(
                        .badHint, "aggregate `\(text)` must look like SUM:field (SUM, AVG, MIN, MAX or COUNT)"
                    )
                }
            }
        default:
            throw QueryError(
                .badHint,
                "unknown hint `\(key)`; restlite knows $orderby, $fields, $max, $skip, $groupby, $aggregate")
        }
    }

    private static func orderBy(_ value: JSONValue) throws(QueryError) -> [SortKey] {
        guard case .object(let object) = value else {
            throw QueryError(
                .badHint, "`$orderby` needs an object such as {\"name\":1}, got \(value.typePhrase)")
        }
        var keys: [SortKey] = []
        for member in object {
            let text: String
            switch member.value {
            case .number(let number): text = number.text
            case .string(let string): text = string
            default: throw QueryError(.badHint, "`$orderby` needs 1 or -1 for `\(member.key)`")
            }
            keys.append(
                SortKey(
                    path: try FieldPath(member.key), ascending: try SortKey.direction(text, name: "$orderby"))
            )
        }
        return keys
    }

    private static func count(_ value: JSONValue, name: String) throws(QueryError) -> Int {
        guard case .number(let number) = value, let integer = number.int64Value, integer >= 0,
            integer <= Int64(Int32.max)
        else { throw QueryError(.badHint, "`\(name)` needs a whole number of 0 or more") }
        return Int(integer)
    }

    private static func strings(_ value: JSONValue, name: String) throws(QueryError) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let elements):
            var texts: [String] = []
            for element in elements {
                guard case .string(let text) = element else {
                    throw QueryError(.badHint, "`\(name)` needs strings, got \(element.typePhrase)")
                }
                texts.append(text)
            }
            return texts
        default: throw QueryError(.badHint, "`\(name)` needs a string or an array of strings")
        }
    }
}
