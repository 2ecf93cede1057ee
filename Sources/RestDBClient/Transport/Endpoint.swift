import Foundation

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
    /// out as `%2B`, because restdb (like HTML forms) reads a bare `+` as a space.
    static func percentEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// One path segment (a collection name or id), encoded the same strict way.
    static func segment(_ value: String) -> String {
        percentEncoded(value)
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )
}
