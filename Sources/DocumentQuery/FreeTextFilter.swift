/// restdb's `filter` parameter: a document matches when any of its string values, at any
/// depth, contains the text, ignoring case. Keys and the `_id` value are not searched.
///
/// Each dialect writes the condition (`SQLDialect.freeText`; SQLite's is
/// `SQLiteDialect.freeText`); this is the meaning they all implement, for a database function
/// that needs it (SQLite's `restlite_contains_ci`) and for tests.
package enum FreeTextFilter {
    /// True when `value` contains `needle`, ignoring case.
    package static func contains(_ value: String, _ needle: String) -> Bool {
        if needle.utf8.allSatisfy({ $0 < 0x80 }) {
            let haystack = Array(asciiLowercased(value).utf8)
            let target = Array(asciiLowercased(needle).utf8)
            guard target.count <= haystack.count else { return false }
            if target.isEmpty { return true }
            return (0...(haystack.count - target.count)).contains { start in
                haystack[start..<(start + target.count)].elementsEqual(target)
            }
        }
        // ICU's case-insensitive literal search (full case folding), shared with `$regex` so the
        // server needs no Foundation string search.
        guard let literal = try? RegexCache.shared.expression(pattern: needle, options: "iL") else {
            return false
        }
        // A literal search has no time limit, so it is never abandoned.
        return (try? literal.firstMatch(in: value)) ?? false
    }

    package static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

extension Query {
    /// The free-text `filter` condition: some string value of the document, at any depth,
    /// contains `text` ignoring case (`_id` excluded). Empty text matches everything.
    ///
    /// ```swift
    /// Query.filterCondition(text: "felis", bodyColumn: "body", dialect: SQLiteDialect())
    /// ```
    public static func filterCondition(text: String, bodyColumn: String, dialect: any SQLDialect)
        -> SQLFragment
    {
        dialect.freeText(text, body: bodyColumn)
    }
}
