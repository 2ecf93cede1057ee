/// A validated dotted field path such as `owner.address.city`.
///
/// The rule: a path is 1 to 512 bytes of segments separated by `.`; every segment is non-empty,
/// does not start with `$`, and contains no `"`, `\`, `[`, `]`, `*` and no control character
/// (U+0000-U+001F, U+007F). Those are the characters that could change the meaning of a
/// SQLite JSON path or that the stored JSON text escapes (so a path label could not match them).
/// A query follows a path through arrays too, and reads a numeric segment (`tags.0`) as an
/// array position or a key named `"0"`, whichever the value has (`QueryCompiler+Paths`).
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    public let segments: [String]

    /// Validates `text`; throws a `.badFieldPath` error naming the path and the rule it breaks.
    public init(_ text: String) throws(QueryError) {
        guard !text.isEmpty else { throw QueryError(.badFieldPath, "a field name is empty") }
        guard text.utf8.count <= 512 else {
            throw QueryError(.badFieldPath, "field path `\(text.prefix(40))...` is longer than 512 bytes")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            if let problem = FieldPath.problem(in: part) {
                throw QueryError(.badFieldPath, "field path `\(Self.printable(text))` \(problem)")
            }
        }
        segments = parts
    }

    /// Segments taken from a path already validated (a part of one).
    package init(validatedSegments: [String]) {
        segments = validatedSegments
    }

    public var description: String { segments.joined(separator: ".") }

    private static func problem(in segment: String) -> String? {
        if segment.isEmpty { return "has an empty segment" }
        if segment.hasPrefix("$") { return "has a segment starting with `$`" }
        for scalar in segment.unicodeScalars {
            switch scalar {
            case "\"", "\\", "[", "]", "*": return "contains the character `\(scalar)`"
            case "\u{00}"..."\u{1F}", "\u{7F}": return "contains a control character"
            default: continue
            }
        }
        return nil
    }

    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 ? "?" : $0 }))
    }

    /// The SQLite JSON path (`$."owner"."city"`); every label is quoted so dots, spaces and
    /// digits inside a key keep their meaning.
    public var jsonPath: String {
        "$" + segments.map { ".\"\($0)\"" }.joined()
    }

    /// The JSON path as a SQL string literal, the one place a path enters SQL text. Paths are
    /// validated, so only `'` needs doubling.
    public var sqlLiteral: String {
        "'" + jsonPath.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }
}
