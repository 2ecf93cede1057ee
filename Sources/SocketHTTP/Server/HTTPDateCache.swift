#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The IMF-fixdate for `Date:` (`Sun, 06 Nov 1994 08:49:37 GMT`), recomputed once a second.
/// One per worker thread, so no sharing.
struct HTTPDateCache {
    private var second = -1
    private var cached: [UInt8] = []

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if Int(now) != second {
            second = Int(now)
            cached = Array(Self.format(now).utf8)
        }
        return cached
    }

    static func format(_ seconds: time_t) -> String {
        var moment = seconds
        var parts = tm()
        gmtime_r(&moment, &parts)
        let day = days[Int(parts.tm_wday)]
        let month = months[Int(parts.tm_mon)]
        return "\(day), \(pad(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(pad(parts.tm_hour)):\(pad(parts.tm_min)):\(pad(parts.tm_sec)) GMT"
    }

    private static func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}
