import Foundation

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
        encoder.dateEncodingStrategy = .formatted(DateFormatter.restDB)
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
}
