import DocumentJSON

/// One `$groupby` (or `groupby=`) term: a field, or restdb's date group over a field.
///
/// restdb's date groups: `$YEAR:field`, `$MONTH:field`, `$DAY:field`, `$HOUR:field`,
/// `$SEC:field` group by the calendar period (UTC) the field's date falls in, written
/// `2020`, `2020-01`, `2020-01-15`, `2020-01-15T10`, `2020-01-15T10:30:05`, which sort in
/// time order; `$DATE.<format>:field` groups by the date written in a moment.js-style format
/// (`YYYY`, `YY`, `MMMM`, `MMM`, `MM`, `M`, `DD`, `D`, `HH`, `H`, `mm`, `ss`, `SSS`; any
/// other letter is refused, other characters are copied). The field may hold any ISO 8601
/// date (`_created` and `_changed` too); a value that is no date groups under null. The
/// group's key in the answer is the term as written (`"$YEAR:registered": "1991"`).
public struct GroupSpec: Sendable, Hashable, CustomStringConvertible {
    /// The field grouped by.
    public let path: FieldPath
    /// The date group, or nil to group by the field's value.
    public let dateFormat: [DateToken]?
    /// The term as written: the group's key in the answer.
    public let description: String

    /// A piece of a date group's output.
    public enum DateToken: Sendable, Hashable {
        /// Characters `start...start+length-1` (1-based) of the normalised date text.
        case slice(start: Int, length: Int)
        /// The same, as a number without leading zeros (`M`, `D`, `H`).
        case number(start: Int, length: Int)
        /// The month's English name, full or its first three letters.
        case monthName(short: Bool)
        case literal(String)
    }

    public init(_ text: String) throws(QueryError) {
        description = text
        guard text.hasPrefix("$") else {
            path = try FieldPath(text)
            dateFormat = nil
            return
        }
        // The last colon: a format may hold colons (`$DATE.HH:mm:field`).
        guard let colon = text.lastIndex(of: ":") else {
            throw QueryError(
                .badHint, "group `\(text)` needs a field after a colon, such as $YEAR:registered")
        }
        let group = String(text[..<colon])
        path = try FieldPath(String(text[text.index(after: colon)...]))
        switch group {
        case "$YEAR": dateFormat = [.slice(start: 1, length: 4)]
        case "$MONTH": dateFormat = [.slice(start: 1, length: 7)]
        case "$DAY": dateFormat = [.slice(start: 1, length: 10)]
        case "$HOUR": dateFormat = [.slice(start: 1, length: 13)]
        case "$SEC": dateFormat = [.slice(start: 1, length: 19)]
        default:
            guard group.hasPrefix("$DATE."), group.count > 6 else {
                throw QueryError(
                    .badHint,
                    "unknown date group `\(group)` in `\(text)`; use $YEAR, $MONTH, $DAY, $HOUR, $SEC or"
                        + " $DATE.<format> such as $DATE.YYYY-MM")
            }
            dateFormat = try Self.tokens(String(group.dropFirst(6)), term: text)
        }
    }

    /// moment.js tokens, longest first, as slices of `YYYY-MM-DDTHH:MM:SS.sssZ`.
    private static let known: [(String, DateToken)] = [
        ("YYYY", .slice(start: 1, length: 4)), ("MMMM", .monthName(short: false)),
        ("MMM", .monthName(short: true)), ("SSS", .slice(start: 21, length: 3)),
        ("YY", .slice(start: 3, length: 2)), ("MM", .slice(start: 6, length: 2)),
        ("DD", .slice(start: 9, length: 2)), ("HH", .slice(start: 12, length: 2)),
        ("mm", .slice(start: 15, length: 2)), ("ss", .slice(start: 18, length: 2)),
        ("M", .number(start: 6, length: 2)), ("D", .number(start: 9, length: 2)),
        ("H", .number(start: 12, length: 2)),
    ]

    private static func tokens(_ format: String, term: String) throws(QueryError) -> [DateToken] {
        var tokens: [DateToken] = []
        var rest = Substring(format)
        next: while let first = rest.first {
            for (name, token) in known where rest.hasPrefix(name) {
                tokens.append(token)
                rest = rest.dropFirst(name.count)
                continue next
            }
            guard first.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw QueryError(.badHint, "date format in `\(term)` contains a control character")
            }
            guard !first.isLetter else {
                throw QueryError(
                    .badHint,
                    "date format `\(format)` in `\(term)` uses `\(first)`; restlite knows YYYY, YY, MMMM, MMM,"
                        + " MM, M, DD, D, HH, H, mm, ss and SSS")
            }
            if case .literal(let text) = tokens.last {
                tokens[tokens.count - 1] = .literal(text + String(first))
            } else {
                tokens.append(.literal(String(first)))
            }
            rest = rest.dropFirst()
        }
        return tokens
    }

    /// The English month names a `MMMM` token writes (`MMM`: their first three letters).
    public static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    public static var shortMonths: [String] { months.map { String($0.prefix(3)) } }
}
