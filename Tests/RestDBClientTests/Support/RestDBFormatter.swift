import Foundation
import RestDBClient

/// `DateFormatter.restDB` where the library has it (Apple platforms). On Linux the library uses
/// FoundationEssentials, which has no `DateFormatter`, so tests make the same formatter here.
var restDBFormatter: DateFormatter {
    #if canImport(Darwin)
        DateFormatter.restDB
    #else
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
        return formatter
    #endif
}
