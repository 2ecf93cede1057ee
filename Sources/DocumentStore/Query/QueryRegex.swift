import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A `$regex` pattern with its `$options`, compiled once when the query is parsed (so an
/// invalid pattern is a `QueryError`, not a failed SQL statement).
///
/// Options: `i` case-insensitive, `m` `^`/`$` match at line breaks, `s` `.` matches line
/// breaks, `x` ignore white space and `#` comments in the pattern. Syntax is ICU's
/// (NSRegularExpression), close to PCRE for everyday patterns. On Linux the store calls ICU's
/// regex engine directly (`ICURegex`), the one NSRegularExpression uses there, so the server
/// does not load Foundation; elsewhere it uses NSRegularExpression.
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
        return expression.firstMatch(in: text)
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

    // The lock guards `entries`; each compiled expression is safe to use from any thread.
    private let lock = PosixCondition()
    private var entries: [Key: CompiledRegex] = [:]
    private let limit = 512

    func expression(pattern: String, options: String) throws -> CompiledRegex {
        let key = Key(pattern: pattern, options: options)
        if let cached = lock.withLock({ entries[key] }) { return cached }
        let compiled = try CompiledRegex(pattern: pattern, options: options)
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = compiled
        }
        return compiled
    }
}
