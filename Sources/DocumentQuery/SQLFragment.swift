/// A piece of SQL with its `?` placeholders' values, in order.
///
/// Values never enter the SQL text; they travel in `bindings` and are bound by the statement.
/// Fragments compose with `+` (joined by nothing) or `joined(_:separator:)`.
public struct SQLFragment: Sendable, Hashable {
    /// SQL text with one `?` per element of `bindings`.
    public var sql: String
    /// Values for the placeholders of `sql`, in order of appearance.
    public var bindings: [SQLValue]

    public init(_ sql: String, _ bindings: [SQLValue] = []) {
        self.sql = sql
        self.bindings = bindings
    }

    /// True for the condition `1` that an absent query compiles to (every row matches).
    public var isAlwaysTrue: Bool { sql == "1" && bindings.isEmpty }

    /// Appends another fragment's SQL and bindings.
    public mutating func append(_ other: SQLFragment) {
        sql += other.sql
        bindings += other.bindings
    }

    /// Appends plain SQL text (no placeholders).
    public mutating func append(_ text: String) {
        sql += text
    }

    public static func + (lhs: SQLFragment, rhs: SQLFragment) -> SQLFragment {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// Joins fragments with a separator such as `" AND "`.
    public static func joined(_ parts: [SQLFragment], separator: String) -> SQLFragment {
        var result = SQLFragment("")
        for (index, part) in parts.enumerated() {
            if index > 0 { result.sql += separator }
            result.append(part)
        }
        return result
    }
}
