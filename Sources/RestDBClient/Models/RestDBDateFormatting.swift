#if canImport(Darwin)
    import Foundation
#else
    import FoundationEssentials
#endif

#if canImport(Darwin)
    extension DateFormatter {
        /// The date format restdb.io writes and the course's iOS apps read:
        /// `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ`, POSIX locale, UTC, e.g. `2008-11-14T09:53:37.000Z`.
        ///
        /// Each access makes a new formatter; keep one if you format many dates.
        ///
        /// ```swift
        /// let formatter = DateFormatter.restDB
        /// let date = formatter.date(from: "2008-11-14T09:53:37.000Z")
        /// let text = formatter.string(from: Date())  // "2024-05-01T12:00:00.000Z"
        /// ```
        public static var restDB: DateFormatter {
            let formatter = DateFormatter()
            formatter.calendar = Calendar(identifier: .iso8601)
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
            return formatter
        }
    }
#endif

extension JSONEncoder {
    /// A JSON encoder that writes dates the way restdb.io stores them
    /// (`2008-11-14T09:53:37.000Z`, see `DateFormatter.restDB`), compact, with
    /// unescaped slashes. The client uses it for every request body; use it in your own code
    /// for the same output.
    ///
    /// ```swift
    /// let body = try JSONEncoder.restDB.encode(cat)
    /// ```
    public static var restDB: JSONEncoder {
        let encoder = JSONEncoder()
        #if canImport(Darwin)
            encoder.dateEncodingStrategy = .formatted(DateFormatter.restDB)
        #else
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(RestDBDateParser.string(from: date))
            }
        #endif
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    /// A JSON decoder that reads restdb.io dates: the exact `.SSSZ` form first (as the course's
    /// formatter does), then any ISO 8601 date-time with or without fractional seconds or with
    /// an offset. The client decodes every answer with it.
    ///
    /// ```swift
    /// let cats = try JSONDecoder.restDB.decode([Cat].self, from: data)
    /// ```
    public static var restDB: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = RestDBDateParser.date(from: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "Expected an ISO 8601 date such as 2008-11-14T09:53:37.000Z, got \(text)"
                )
            }
            return date
        }
        return decoder
    }
}

/// Parses the date forms restdb.io and restlite accept.
enum RestDBDateParser {
    #if canImport(Darwin)
        static func date(from text: String) -> Date? {
            if let date = DateFormatter.restDB.date(from: text) {
                return date
            }
            // Other ISO 8601 forms (`...37Z`, `...37.5+02:00`) that a hand-written document may hold.
            let withFraction = ISO8601DateFormatter()
            withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = withFraction.date(from: text) {
                return date
            }
            return ISO8601DateFormatter().date(from: text)
        }
    #else
        /// FoundationEssentials has no `DateFormatter` (it lives in full Foundation, with ICU), so
        /// the `.SSS` form is read here: whole seconds through the ISO 8601 style, milliseconds
        /// added the way CoreFoundation's formatter does, so dates compare equal to its results.
        static func date(from text: String) -> Date? {
            guard let dot = text.firstIndex(of: ".") else {
                return try? Date.ISO8601FormatStyle().parse(text)
            }
            let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            let zone = text[digits.endIndex...]
            guard !digits.isEmpty,
                let whole = try? Date.ISO8601FormatStyle().parse(String(text[..<dot] + zone))
            else { return nil }
            let seconds = whole.timeIntervalSince1970
            if digits.count == 3, let milliseconds = Double(digits) {
                return Date(
                    timeIntervalSinceReferenceDate: (seconds * 1000 + milliseconds) / 1000 - unixToReference)
            }
            return Double("0." + digits).map { Date(timeIntervalSince1970: seconds + $0) }
        }

        /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC, rounded to the millisecond as
        /// `DateFormatter.restDB` does on Apple platforms.
        static func string(from date: Date) -> String {
            let milliseconds = Int64((date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down))
            let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
            let (whole, rest) = fraction < 0 ? (seconds - 1, fraction + 1000) : (seconds, fraction)
            let text = Date(timeIntervalSince1970: Double(whole)).formatted(Date.ISO8601FormatStyle())
            let padded = String(repeating: "0", count: 3 - String(rest).count) + String(rest)
            return text.dropLast() + "." + padded + "Z"
        }

        private static let unixToReference = 978_307_200.0
    #endif
}
