/// A point in time read from an ISO 8601 string, held both as milliseconds since the epoch
/// (for the `created`/`changed` columns) and as the stored normalised text
/// `YYYY-MM-DDTHH:MM:SS.sssZ`, which compares lexicographically in time order.
///
/// Accepted forms: `YYYY-MM-DD`, optionally followed by `T` (or a space) and `HH:MM`,
/// `HH:MM:SS` or `HH:MM:SS.fraction`, optionally followed by `Z`, `±HH:MM`, `±HHMM` or `±HH`.
/// No zone means UTC; a date alone means midnight UTC; fractions are cut to milliseconds.
public struct QueryDate: Sendable, Hashable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public let milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Nil when `text` is not one of the accepted ISO 8601 forms or names an impossible date.
    public init?(iso text: String) {
        var scanner = ISODateScanner(bytes: Array(text.utf8))
        guard let value = scanner.scan() else { return nil }
        milliseconds = value
    }

    /// `YYYY-MM-DDTHH:MM:SS.sssZ`, the form restlite stores dates in.
    public var normalized: String {
        let (days, inDay) = milliseconds.floorDivided(by: 86_400_000)
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        return CivilCalendar.pad(year, 4) + "-" + CivilCalendar.pad(month, 2) + "-"
            + CivilCalendar.pad(day, 2) + "T" + CivilCalendar.pad(inDay / 3_600_000, 2) + ":"
            + CivilCalendar.pad(inDay / 60_000 % 60, 2) + ":" + CivilCalendar.pad(inDay / 1000 % 60, 2) + "."
            + CivilCalendar.pad(inDay % 1000, 3) + "Z"
    }

    /// The normalised form of `text` when it is an ISO 8601 date string, else nil. A string
    /// already in the normalised shape is taken as it is (it sorts correctly as text), which
    /// keeps the common case free of arithmetic.
    static func normalize(_ text: String) -> String? {
        if ISODateScanner.isNormalizedShape(text.utf8) { return text }
        return QueryDate(iso: text)?.normalized
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
        let quotient = self >= 0 ? self / divisor : (self - divisor + 1) / divisor
        return (quotient, self - quotient * divisor)
    }
}

/// Proleptic Gregorian day arithmetic (Howard Hinnant's days-from-civil algorithms).
enum CivilCalendar {
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(fromDays count: Int64) -> (Int64, Int64, Int64) {
        let shifted = count + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
