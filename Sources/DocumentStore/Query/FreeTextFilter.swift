#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// restdb's `filter` parameter: a document matches when any of its string values, at any
/// depth, contains the text, ignoring case. Keys and the `_id` value are not searched.
///
/// An ASCII needle folds case with SQLite's `lower()` (ASCII letters only) and first checks
/// the raw JSON text with `instr`, which rules most documents out without parsing them. A
/// needle with other characters goes through `restlite_contains_ci`, a Foundation
/// case-insensitive search. This is SQLite's text (`SQLiteDialect.freeText`).
enum FreeTextFilter {
    static func condition(text: String, body: String) -> SQLFragment {
        if text.isEmpty { return SQLFragment("1") }
        let tree =
            "EXISTS (SELECT 1 FROM json_tree(\(body)) AS f WHERE f.type = 'text'"
            + " AND NOT (f.parent = 0 AND f.key = '_id') AND "
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return SQLFragment(tree + "restlite_contains_ci(f.atom, ?))", [.text(text)])
        }
        let needle = asciiLowercased(text)
        let search = SQLFragment(tree + "instr(lower(f.atom), ?) > 0)", [.text(needle)])
        // Characters JSON escapes look different in the raw text, so they skip the shortcut.
        guard
            !needle.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            )
        else { return search }
        return SQLFragment("(instr(lower(\(body)), ?) > 0 AND ", [.text(needle)]) + search + SQLFragment(")")
    }

    /// The semantics both paths implement, for the SQL function (and tests).
    static func contains(_ value: String, _ needle: String) -> Bool {
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

    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

extension Query {
    /// The free-text `filter` condition: some string value of the document, at any depth,
    /// contains `text` ignoring case (`_id` excluded). Empty text matches everything.
    ///
    /// ```swift
    /// Query.filterCondition(text: "felis", bodyColumn: "body")
    /// ```
    public static func filterCondition(
        text: String, bodyColumn: String, dialect: any SQLDialect = SQLiteDialect()
    ) -> SQLFragment {
        dialect.freeText(text, body: bodyColumn)
    }
}
