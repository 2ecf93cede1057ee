import DocumentJSON
import DocumentStore

/// Mockaroo's date text (`2008-11-14T09:53:37Z`, whole seconds, no fraction) over `ISODate`'s
/// calendar arithmetic, so generated dates are the same on every platform.
enum UTCTimestamp {
    /// `2008-11-14T09:53:37Z` for the given seconds since 1970-01-01T00:00:00Z.
    static func iso8601(seconds: Int64) -> String {
        // ISODate writes `...37.000Z`; Mockaroo writes whole seconds without the fraction.
        String(ISODate.format(milliseconds: seconds * 1000).dropLast(5)) + "Z"
    }

    /// Seconds since 1970 of midnight UTC on the given day.
    static func seconds(year: Int64, month: Int64, day: Int64) -> Int64 {
        ISODate.days(year: year, month: month, day: day) * 86_400
    }
}
