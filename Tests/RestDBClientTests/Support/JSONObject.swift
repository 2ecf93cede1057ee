import Foundation

/// Parses JSON text into Foundation objects so bodies compare regardless of key order.
func jsonObject(_ text: String?) -> NSObject? {
    guard let text else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSObject
}
