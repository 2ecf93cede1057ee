import CSQLite
import PlatformSupport

extension SortKeyScanner {
    /// How the linked SQLite's `json_extract` turns a JSON real into a double. It depends on
    /// how SQLite was built: the amalgamation uses `sqlite3AtoF` (x86-64: significand divided
    /// by a power of ten in `long double`), a build from separate files uses libc's `strtod`;
    /// the two differ in the last bit for some decimals. `probe` finds out at registration.
    enum RealConversion: Int {
        case strtod = 1
        case extendedDivision = 2
        /// Neither reproduces SQLite here: every real asks SQLite.
        case unknown = 3
    }

    /// The SQLite 3.40 value of a JSON number: integers of up to 18 digits directly; reals
    /// as `conversion` says. Everything else falls back to SQLite.
    static func number(_ text: UnsafeBufferPointer<UInt8>, conversion: RealConversion) -> Outcome {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index += 1 }
        var significand: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                // Checked before multiplying: 18 digits always fit in an Int64.
                guard digits < 18 else { return real(text, conversion: conversion) }
                significand = significand * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
                if inFraction { fractionDigits += 1 }
            } else {
                return real(text, conversion: conversion)
            }
            index += 1
        }
        guard digits > 0 else { return .fallback }
        if !inFraction { return .integer(negative ? -significand : significand) }
        if conversion == .strtod {
            // Clinger's fast path: a significand below 2^53 and 10^k (k <= 22) are exact
            // doubles, so one IEEE division is the correctly rounded value `strtod` returns.
            guard digits <= 15, significand > 0 else { return real(text, conversion: conversion) }
            let value = Double(significand) / powersOfTen[fractionDigits]
            return .real(negative ? -value : value)
        }
        guard conversion == .extendedDivision, digits <= 17, fractionDigits > 0 else { return .fallback }
        return extendedDivision(significand: significand, exponent: fractionDigits, negative: negative)
    }

    /// 10^0 ... 10^15, each exact in a Double.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// A real (exponent, or too many digits): `strtod` stops at the `,` or `}` after it, as
    /// it does in SQLite's JSON text.
    private static func real(_ text: UnsafeBufferPointer<UInt8>, conversion: RealConversion) -> Outcome {
        guard conversion == .strtod, let start = text.baseAddress else { return .fallback }
        let isReal = text.contains {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        // A long integer becomes a real in SQLite only past Int64; leave those to SQLite.
        guard isReal else { return .fallback }
        return .real(ByteSearch.leadingDouble(at: start))
    }

    /// `sqlite3AtoF`'s arithmetic for `significand * 10^-exponent` (exponent 1...17).
    private static func extendedDivision(significand: Int64, exponent: Int, negative: Bool) -> Outcome {
        if significand == 0 { return .real(negative ? -0.0 : 0.0) }
        var significand = significand
        var exponent = exponent
        while exponent > 0, significand % 10 == 0 {
            significand /= 10
            exponent -= 1
        }
        if negative { significand = -significand }
        if exponent == 0 { return .real(Double(significand)) }
        #if arch(x86_64) && !os(Windows)
            var scale: Float80 = 1
            for _ in 0..<exponent { scale *= 10 }
            return .real(Double(Float80(significand) / scale))
        #else
            return .fallback
        #endif
    }

    /// Decimals on which `strtod` and `sqlite3AtoF` disagree (4.45369775658 among them),
    /// with a few ordinary ones.
    static let probeTexts = ["4.45369775658", "-4.45369775658", "0.1", "10.45", "0.30000000000000004"]

    /// Which conversion reproduces `json_extract` on every probe text, asked of `connection`.
    static func probe(_ connection: OpaquePointer) -> RealConversion {
        var candidates: Set<RealConversion> = [.strtod, .extendedDivision]
        for text in probeTexts {
            guard let actual = sqliteReal(connection, text) else { return .unknown }
            for candidate in candidates {
                let body = Array("{\"x\":\(text)}".utf8) + [0]
                let value = body.withUnsafeBufferPointer {
                    number(UnsafeBufferPointer(rebasing: $0[5..<($0.count - 2)]), conversion: candidate)
                }
                guard case .real(let computed) = value, computed.bitPattern == actual.bitPattern else {
                    candidates.remove(candidate)
                    continue
                }
            }
        }
        return candidates.contains(.strtod) ? .strtod : candidates.first ?? .unknown
    }

    private static func sqliteReal(_ connection: OpaquePointer, _ text: String) -> Double? {
        var statement: OpaquePointer?
        let sql = "SELECT json_extract('{\"x\":\(text)}', '$.x')"
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, sqlite3_column_type(statement, 0) == SQLITE_FLOAT else {
            return nil
        }
        return sqlite3_column_double(statement, 0)
    }
}
