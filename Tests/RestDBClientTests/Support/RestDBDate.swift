import Foundation
import RestDBClient

/// The date restdb text such as `2012-06-01T12:00:00.000Z` stands for, read by the library's own
/// `JSONDecoder.restDB` (`DateFormatter.restDB` exists on Apple platforms only).
func restDBDate(_ text: String) -> Date? {
    struct Box: Decodable { var date: Date }
    return try? JSONDecoder.restDB.decode(Box.self, from: Data(#"{"date":"\#(text)"}"#.utf8)).date
}
