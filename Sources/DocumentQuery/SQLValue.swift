/// A value bound into, or read out of, a statement.
///
/// The cases follow SQLite's storage classes, so a value SQLite reads back is exactly what was
/// stored; another engine maps them to its own types.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

// Not ExpressibleByNilLiteral on purpose: `scalar(...) == nil` must mean "no row", not NULL.
extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
}
