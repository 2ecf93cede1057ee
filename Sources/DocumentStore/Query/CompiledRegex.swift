import PlatformSupport

#if canImport(_FoundationICU)
    import _FoundationICU
#else
    import Foundation
#endif

#if canImport(_FoundationICU)
    /// One compiled `$regex` for ICU's C API, flags and matching exactly as swift-corelibs-
    /// foundation's NSRegularExpression sets them (`imsx` → CASE_INSENSITIVE, MULTILINE, DOTALL,
    /// COMMENTS, and `L` (internal, for free text) LITERAL; the whole UTF-16 text searched from its start), without loading Foundation.
    ///
    /// An ICU matcher holds its text, so one thread uses it at a time: idle clones wait in
    /// `spares`, and a busy moment clones another (as NSRegularExpression does).
    final class CompiledRegex: @unchecked Sendable {
        struct Invalid: Error {}

        private let lock = PosixCondition()
        private var spares: [OpaquePointer] = []
        private let original: OpaquePointer

        init(pattern: String, options: String) throws {
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
        }

        deinit {
            for spare in spares where spare != original { swift_uregex_close(spare) }
            swift_uregex_close(original)
        }

        /// True when the expression matches somewhere in `text`.
        func firstMatch(in text: String) -> Bool {
            guard let matcher = checkOut() else { return false }
            defer { lock.withLock { spares.append(matcher) } }
            // A trailing 0 keeps the buffer non-empty (ICU refuses a nil text); it is not searched.
            let units = Array(text.utf16) + [0]
            var status = U_ZERO_ERROR
            return units.withUnsafeBufferPointer { buffer in
                swift_uregex_setText(matcher, buffer.baseAddress!, Int32(buffer.count - 1), &status)
                let found = swift_uregex_findNext(matcher, &status) != 0
                // ICU keeps a pointer to the text; detach it before the buffer goes away.
                var reset = U_ZERO_ERROR
                swift_uregex_setText(matcher, buffer.baseAddress!, 0, &reset)
                return found && status.rawValue <= U_ZERO_ERROR.rawValue
            }
        }

        private func checkOut() -> OpaquePointer? {
            if let spare = lock.withLock({ spares.popLast() }) { return spare }
            var status = U_ZERO_ERROR
            return swift_uregex_clone(original, &status)
        }
    }
#else
    /// One compiled `$regex` (NSRegularExpression, which is thread-safe).
    final class CompiledRegex: @unchecked Sendable {
        private let expression: NSRegularExpression

        init(pattern: String, options: String) throws {
            var flags: NSRegularExpression.Options = []
            if options.contains("i") { flags.insert(.caseInsensitive) }
            if options.contains("m") { flags.insert(.anchorsMatchLines) }
            if options.contains("s") { flags.insert(.dotMatchesLineSeparators) }
            if options.contains("x") { flags.insert(.allowCommentsAndWhitespace) }
            if options.contains("L") { flags.insert(.ignoreMetacharacters) }
            expression = try NSRegularExpression(pattern: pattern, options: flags)
        }

        /// True when the expression matches somewhere in `text`.
        func firstMatch(in text: String) -> Bool {
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            return expression.firstMatch(in: text, options: [], range: range) != nil
        }
    }
#endif
