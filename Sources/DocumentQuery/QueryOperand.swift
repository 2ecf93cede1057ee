import DocumentJSON

/// A literal a query compares against, sorted into the type classes comparisons respect.
public enum QueryOperand: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    /// A `{"$date": "<ISO date>"}` literal: matches stored ISO 8601 strings at the same instant.
    case date(QueryDate)
    /// An object or array: equal when the stored value has the same compact JSON text.
    case json(JSONValue)

    /// Reads a literal; a one-member object `{"$date": ...}` becomes a date.
    init(_ value: JSONValue, context: String) throws(QueryError) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array: self = .json(value)
        case .object(let object):
            if let date = try QueryOperand.dateLiteral(object, context: context) {
                self = .date(date)
            } else {
                self = .json(value)
            }
        }
    }

    /// `{"$date": "2020-01-31T10:00:00Z"}` (or whole milliseconds since the epoch, or a dynamic
    /// date such as `"$currentMonth"`, `DynamicDate`) as a date;
    /// nil for an object without `$date`. Dates outside years 0000-9999 are refused: their
    /// normalised text would not sort in time order.
    static func dateLiteral(_ object: JSONObject, context: String) throws(QueryError) -> QueryDate? {
        if let dynamic = try DynamicDate.resolve(object, context: context) { return dynamic }
        guard let literal = object["$date"] else { return nil }
        guard object.count == 1 else {
            throw QueryError(.wrongOperand, "a `$date` literal must be alone in its object (\(context))")
        }
        switch literal {
        case .string(let text):
            if let dynamic = try DynamicDate.resolve(text, context: context) { return dynamic }
            guard let date = QueryDate(iso: text) else {
                throw QueryError(
                    .wrongOperand,
                    "`$date` needs an ISO 8601 date from year 0000 to 9999, got \"\(text)\" (\(context))")
            }
            return date
        case .number(let number):
            guard let milliseconds = number.int64Value, ISODate.supportedMilliseconds.contains(milliseconds)
            else {
                throw QueryError(
                    .wrongOperand,
                    "`$date` needs whole milliseconds within years 0000 to 9999, got \(number.text.prefix(32)) (\(context))"
                )
            }
            return QueryDate(milliseconds: milliseconds)
        default:
            throw QueryError(
                .wrongOperand, "`$date` needs an ISO 8601 date string, got \(literal.typePhrase) (\(context))"
            )
        }
    }

    /// Whether `$gt`/`$lt`-style comparisons are defined for this literal.
    var isOrdered: Bool {
        switch self {
        case .bool, .number, .string, .date: true
        case .null, .json: false
        }
    }

    /// The same type class, so `$bt` bounds agree.
    func hasSameClass(as other: QueryOperand) -> Bool {
        switch (self, other) {
        case (.bool, .bool), (.number, .number), (.string, .string), (.date, .date): true
        default: false
        }
    }
}
