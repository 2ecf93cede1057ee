#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One request before it becomes a `URLRequest`: method, an already-encoded path, query items
/// in order, and an optional JSON body.
struct Endpoint: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: String)] = []
    var body: Data?

    /// The URL under `baseURL`, whose own path (if any) is kept as a prefix.
    func url(relativeTo baseURL: URL) -> URL? {
        var text = baseURL.absoluteString
        if let queryStart = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            text = String(text[..<queryStart])
        }
        while text.hasSuffix("/") {
            text.removeLast()
        }
        text += path
        if !query.isEmpty {
            text += "?" + query.map { "\($0.name)=\(Self.percentEncoded($0.value))" }.joined(separator: "&")
        }
        return URL(string: text)
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters. In particular `+` goes
    /// out as `%2B`, because restdb (like HTML forms) reads a bare `+` as a space. (Written out
    /// because FoundationEssentials has no `addingPercentEncoding(withAllowedCharacters:)`.)
    static func percentEncoded(_ value: String) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// One path segment (a collection name or id), encoded the same strict way.
    static func segment(_ value: String) -> String {
        percentEncoded(value)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
