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
/// regex engine directly (`CompiledRegex`), the one NSRegularExpression uses there, so the server
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

    /// True when the expression finds a match anywhere in `text`. Throws a `.tooComplex`
    /// error when the match ran past the time limit (a pattern that backtracks exponentially,
    /// such as `^(a+)+$`) or its backtracking needed too much memory.
    public func matches(_ text: String) throws(QueryError) -> Bool {
        guard let expression = try? RegexCache.shared.expression(pattern: pattern, options: options) else {
            return false
        }
        do {
            return try expression.firstMatch(in: text)
        } catch {
            throw Self.abandoned(pattern: pattern, error)
        }
    }

    /// The error for a match given up, naming the pattern.
    package static func abandoned(pattern: String, _ abort: RegexAbort) -> QueryError {
        let shown = pattern.count > 80 ? pattern.prefix(80) + "..." : Substring(pattern)
        let reason =
            switch abort {
            case .timeLimit: "took too long"
            case .memoryLimit: "needed too much memory"
            }
        return QueryError(
            .tooComplex,
            "the regular expression `\(shown)` \(reason) on a stored value and was stopped;"
                + " avoid nested repetition such as (a+)+")
    }
}

/// Compiled expressions by pattern and options, shared by every connection: compiling is far
/// dearer than matching, and the SQL function sees the same few patterns over many rows.
package final class RegexCache: @unchecked Sendable {
    package static let shared = RegexCache()

    private struct Key: Hashable {
        let pattern: String
        let options: String
    }

    // The lock guards `entries`; each compiled expression is safe to use from any thread.
    private let lock = PosixCondition()
    private var entries: [Key: CompiledRegex] = [:]
    private let limit = 512

    package func expression(pattern: String, options: String) throws -> CompiledRegex {
        let key = Key(pattern: pattern, options: options)
        if let cached = lock.withLock({ entries[key] }) { return cached }
        // Literal searches (free text, option `L`) are linear: no time limit for them.
        let compiled = try CompiledRegex(pattern: pattern, options: options, limited: !options.contains("L"))
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = compiled
        }
        return compiled
    }
}
