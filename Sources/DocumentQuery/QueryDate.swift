import DocumentJSON

/// A point in time read from an ISO 8601 string, held both as milliseconds since the epoch
/// (for the `created`/`changed` columns) and as the stored normalised text
/// `YYYY-MM-DDTHH:MM:SS.sssZ`, which compares lexicographically in time order.
///
/// Reading and formatting are the store's (`ISODate`), so a literal and a stored date agree:
/// `YYYY-MM-DD`, optionally `T` (or a space) and `HH:MM[:SS[.fraction]]`, optionally `Z`,
/// `±HH:MM`, `±HHMM` or `±HH`; no zone means UTC, a date alone midnight UTC.
public struct QueryDate: Sendable, Hashable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Nil when `text` is not one of the accepted ISO 8601 forms or names an impossible date.
    public init?(iso text: String) {
        guard let value = ISODate.parse(text) else { return nil }
        milliseconds = value
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ`, the form restlite stores dates in.
    public var normalized: String { ISODate.format(milliseconds: milliseconds) }

    /// The normalised form of `text` when it is an ISO 8601 date string, else nil. A string
    /// already in the normalised shape is taken as it is (it sorts correctly as text), which
    /// keeps the common case free of arithmetic.
    package static func normalize(_ text: String) -> String? {
        if isNormalizedShape(text.utf8) { return text }
        return QueryDate(iso: text)?.normalized
    }

    /// True for exactly `DDDD-DD-DDTDD:DD:DD.DDDZ` (digits unchecked for range).
    static func isNormalizedShape(_ utf8: String.UTF8View) -> Bool {
        guard utf8.count == 24 else { return false }
        for (position, byte) in utf8.enumerated() {
            let expected: UInt8? =
                switch position {
                case 4, 7: UInt8(ascii: "-")
                case 10: UInt8(ascii: "T")
                case 13, 16: UInt8(ascii: ":")
                case 19: UInt8(ascii: ".")
                case 23: UInt8(ascii: "Z")
                default: nil
                }
            if let expected {
                if byte != expected { return false }
            } else if byte < UInt8(ascii: "0") || byte > UInt8(ascii: "9") {
                return false
            }
        }
        return true
    }
}
