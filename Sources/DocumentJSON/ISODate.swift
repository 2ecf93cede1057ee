import PlatformSupport

/// ISO 8601 dates as restdb sends them: `2008-11-14T09:53:37.000Z`, always UTC with exactly
/// three fractional digits. Parses every common ISO 8601 form by hand (no `DateFormatter`),
/// because it runs for every date field of every write.
///
/// ```swift
/// ISODate.normalize("2015-06-01T12:00:00+02:00")  // "2015-06-01T10:00:00.000Z"
/// ISODate.format(milliseconds: 0)                // "1970-01-01T00:00:00.000Z"
/// ```
public enum ISODate {
    /// The instants whose normalised form has a four-digit year:
    /// `0000-01-01T00:00:00.000Z` through `9999-12-31T23:59:59.999Z`. Only these sort as text
    /// in time order, so dates outside it are refused wherever they are read.
    public static let supportedMilliseconds: ClosedRange<Int64> =
        days(year: 0, month: 1, day: 1) * 86_400_000...(days(year: 10_000, month: 1, day: 1) * 86_400_000 - 1)

    /// Milliseconds since 1970-01-01T00:00:00Z for an ISO 8601 string, or `nil` when it is
    /// not one. Accepts `YYYY-MM-DD`, then optionally `T` (or a space) `HH:MM[:SS[.fraction]]`
    /// and a zone `Z`, `±HH:MM`, `±HHMM` or `±HH`. A time without a zone is taken as UTC. A
    /// zone that moves the instant out of `supportedMilliseconds` (before year 0000 or after
    /// 9999 in UTC) makes it `nil` too.
    public static func parse(_ text: String) -> Int64? {
        var copy = text
        return copy.withUTF8 { parse(utf8: $0) }
    }

    /// `parse(_:)` over UTF-8 bytes.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var scanner = ISODateScanner(bytes: bytes)
        guard let milliseconds = scanner.scan(), supportedMilliseconds.contains(milliseconds) else {
            return nil
        }
        return milliseconds
    }

    /// The canonical form of an ISO 8601 string, or `nil` when it is not a date.
    public static func normalize(_ text: String) -> String? {
        parse(text).map { format(milliseconds: $0) }
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ` for milliseconds since the epoch. Any `Int64` formats
    /// without trapping; outside `supportedMilliseconds` the year is not four digits.
    public static func format(milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        format(milliseconds: milliseconds, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS.sssZ` to `bytes`.
    public static func format(milliseconds: Int64, into bytes: inout [UInt8]) {
        let (days, dayMilliseconds) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        DecimalDigits.append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalDigits.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        DecimalDigits.append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        DecimalDigits.append(dayMilliseconds / 3_600_000, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalDigits.append(dayMilliseconds / 60_000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        DecimalDigits.append(dayMilliseconds / 1000 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        DecimalDigits.append(dayMilliseconds % 1000, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// The current time in milliseconds since the epoch.
    public static func nowMilliseconds() -> Int64 {
        SystemClock.millisecondsSinceEpoch()
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Floor division for a positive `divisor`, safe for every `value` (`Int64.min` included):
    /// Swift's `/` and `%` truncate toward zero and cannot overflow for a positive divisor, and
    /// a negative remainder only moves the quotient down by one.
    package static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
