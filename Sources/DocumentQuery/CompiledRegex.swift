import PlatformSupport

#if canImport(_FoundationICU)
    import _FoundationICU
#else
    import Foundation
#endif

/// Why a match was given up: it ran past the time limit, or its backtracking needed more
/// memory than allowed. Either way the pattern, not the value, is at fault.
package enum RegexAbort: Error, Sendable, Equatable {
    case timeLimit
    case memoryLimit
}

#if canImport(_FoundationICU)
    /// One compiled `$regex` for ICU's C API, flags and matching exactly as swift-corelibs-
    /// foundation's NSRegularExpression sets them (`imsx` → CASE_INSENSITIVE, MULTILINE, DOTALL,
    /// COMMENTS, and `L` (internal, for free text) LITERAL; the whole UTF-16 text searched from its start), without loading Foundation.
    ///
    /// An ICU matcher holds its text, so one thread uses it at a time: idle clones wait in
    /// `spares`, and a busy moment clones another (as NSRegularExpression does).
    ///
    /// A backtracking engine can take exponential time (`^(a+)+$` against `aaaa...a!`), so
    /// every matcher of a `$regex` gets ICU's time limit and a backtrack stack limit: a match
    /// that exceeds them is abandoned with `RegexAbort` instead of holding a worker thread.
    package final class CompiledRegex: @unchecked Sendable {
        struct Invalid: Error {}

        /// ICU's time limit, in its units of 10,000 match steps (a unit took 0.1-0.2 ms where
        /// this was measured): `^(a+)+$` on 26 `a` and a `!` needs about three times as many,
        /// while ordinary patterns search a megabyte in a tenth of it.
        static let timeLimit: Int32 = 2_000
        /// Bytes of backtrack stack one match may use (ICU's default is 8 MB).
        static let stackLimit: Int32 = 8 * 1024 * 1024

        private let lock = PosixCondition()
        private var spares: [OpaquePointer] = []
        private let original: OpaquePointer
        private let limited: Bool

        /// `limited: false` leaves the time limit off, for literal searches (the free-text
        /// filter), which are linear and must not fail on a long value.
        init(pattern: String, options: String, limited: Bool = true) throws {
            var flags: UInt32 = 0
            if options.contains("i") { flags |= UInt32(UREGEX_CASE_INSENSITIVE.rawValue) }
            if options.contains("m") { flags |= UInt32(UREGEX_MULTILINE.rawValue) }
            if options.contains("s") { flags |= UInt32(UREGEX_DOTALL.rawValue) }
            if options.contains("x") { flags |= UInt32(UREGEX_COMMENTS.rawValue) }
            if options.contains("L") { flags |= UInt32(UREGEX_LITERAL.rawValue) }
            let units = Array(pattern.utf16)
            var status = U_ZERO_ERROR
            let compiled = swift_uregex_open(units, Int32(units.count), flags, nil, &status)
            guard let compiled, status.rawValue <= U_ZERO_ERROR.rawValue else {
                if let compiled { swift_uregex_close(compiled) }
                throw Invalid()
            }
            original = compiled
            spares = [compiled]
            self.limited = limited
            Self.applyLimits(compiled, limited: limited)
        }

        /// Limits belong to a matcher, and `uregex_clone` does not copy them.
        private static func applyLimits(_ matcher: OpaquePointer, limited: Bool) {
            guard limited else { return }
            var status = U_ZERO_ERROR
            swift_uregex_setTimeLimit(matcher, timeLimit, &status)
            swift_uregex_setStackLimit(matcher, stackLimit, &status)
        }

        deinit {
            for spare in spares where spare != original { swift_uregex_close(spare) }
            swift_uregex_close(original)
        }

        /// True when the expression matches somewhere in `text`; throws when the match ran
        /// past the time or backtrack stack limit.
        package func firstMatch(in text: String) throws(RegexAbort) -> Bool {
            guard let matcher = checkOut() else { return false }
            defer { lock.withLock { spares.append(matcher) } }
            // A trailing 0 keeps the buffer non-empty (ICU refuses a nil text); it is not searched.
            let units = Array(text.utf16) + [0]
            var status = U_ZERO_ERROR
            let found = units.withUnsafeBufferPointer { buffer in
                swift_uregex_setText(matcher, buffer.baseAddress!, Int32(buffer.count - 1), &status)
                let found = swift_uregex_findNext(matcher, &status) != 0
                // ICU keeps a pointer to the text; detach it before the buffer goes away.
                var reset = U_ZERO_ERROR
                swift_uregex_setText(matcher, buffer.baseAddress!, 0, &reset)
                return found
            }
            if status.rawValue == U_REGEX_TIME_OUT.rawValue { throw .timeLimit }
            if status.rawValue == U_REGEX_STACK_OVERFLOW.rawValue { throw .memoryLimit }
            return found && status.rawValue <= U_ZERO_ERROR.rawValue
        }

        private func checkOut() -> OpaquePointer? {
            if let spare = lock.withLock({ spares.popLast() }) { return spare }
            var status = U_ZERO_ERROR
            guard let clone = swift_uregex_clone(original, &status) else { return nil }
            Self.applyLimits(clone, limited: limited)
            return clone
        }
    }
#else
    /// One compiled `$regex` (NSRegularExpression, which is thread-safe).
    ///
    /// NSRegularExpression has no time limit, so on Apple platforms a pathological pattern
    /// runs to the end (a documented limitation: the server's platform is Linux). The
    /// signature matches the ICU version, which can abort.
    package final class CompiledRegex: @unchecked Sendable {
        private let expression: NSRegularExpression

        init(pattern: String, options: String, limited: Bool = true) throws {
            var flags: NSRegularExpression.Options = []
            if options.contains("i") { flags.insert(.caseInsensitive) }
            if options.contains("m") { flags.insert(.anchorsMatchLines) }
            if options.contains("s") { flags.insert(.dotMatchesLineSeparators) }
            if options.contains("x") { flags.insert(.allowCommentsAndWhitespace) }
            if options.contains("L") { flags.insert(.ignoreMetacharacters) }
            expression = try NSRegularExpression(pattern: pattern, options: flags)
        }

        /// True when the expression matches somewhere in `text`.
        package func firstMatch(in text: String) throws(RegexAbort) -> Bool {
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return expression.firstMatch(in: text, options: [], range: range) != nil
        }
    }
#endif
