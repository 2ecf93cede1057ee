import Foundation

/// A `$regex` pattern with its `$options`, compiled once when the query is parsed (so an
/// invalid pattern is a `QueryError`, not a failed SQL statement).
///
/// Options: `i` case-insensitive, `m` `^`/`$` match at line breaks, `s` `.` matches line
/// breaks, `x` ignore white space and `#` comments in the pattern. Syntax is ICU's
/// (NSRegularExpression), close to PCRE for everyday patterns.
public struct QueryRegex: Sendable, Hashable {
    public let pattern: String
    /// The options in canonical order (`imsx` subset), as bound into SQL.
    public let options: String

    public init(pattern: String, options: String) throws(QueryError) {
        var canonical = ""
        for letter in "imsx" where options.contains(letter) { canonical.append(letter) }
        if let unknown = options.first(where: { !"imsx".contains($0) }) {
            throw QueryError(.invalidRegex, "unknown `$options` letter `\(unknown)`; use i, m, s or x")
        }
        self.pattern = pattern
        self.options = canonical
        do {
            _ = try RegexCache.shared.expression(pattern: pattern, options: canonical)
        } catch {
            throw QueryError(.invalidRegex, "invalid regular expression `\(pattern)`")
        }
    }

    /// True when the expression finds a match anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        guard let expression = try? RegexCache.shared.expression(pattern: pattern, options: options) else {
            return false
        }
        return RegexCache.matches(expression, text)
    }
}

/// Compiled expressions by pattern and options, shared by every connection: compiling is far
/// dearer than matching, and the SQL function sees the same few patterns over many rows.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()

    private struct Key: Hashable {
        let pattern: String
        let options: String
    }

    // NSLock guards `entries`; NSRegularExpression itself is documented as thread-safe.
    private let lock = NSLock()
    private var entries: [Key: NSRegularExpression] = [:]
    private let limit = 512

    func expression(pattern: String, options: String) throws -> NSRegularExpression {
        let key = Key(pattern: pattern, options: options)
        if let cached = lock.withLock({ entries[key] }) { return cached }
        let compiled = try NSRegularExpression(pattern: pattern, options: RegexCache.flags(options))
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = compiled
        }
        return compiled
    }

    static func flags(_ options: String) -> NSRegularExpression.Options {
        var flags: NSRegularExpression.Options = []
        if options.contains("i") { flags.insert(.caseInsensitive) }
        if options.contains("m") { flags.insert(.anchorsMatchLines) }
        if options.contains("s") { flags.insert(.dotMatchesLineSeparators) }
        if options.contains("x") { flags.insert(.allowCommentsAndWhitespace) }
        return flags
    }

    static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
