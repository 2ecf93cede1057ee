import SocketHTTP

/// One file of the console as it is served: its bytes, content type and entity tag.
public struct ConsoleAsset: Sendable {
    public let name: String
    public let bytes: [UInt8]
    public let contentType: String
    /// A strong validator from the bytes (FNV-1a, 64 bits), quoted: the same build serves the
    /// same tag, a changed file a new one.
    public let etag: String

    init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        self.contentType = Self.contentType(of: name)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        etag = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Every file of `Assets/`, by name.
    public static let all: [String: ConsoleAsset] = Dictionary(
        ConsoleAssetList.files.map { ($0.name, ConsoleAsset(name: $0.name, bytes: $0.bytes)) },
        uniquingKeysWith: { first, _ in first })

    /// The type a browser needs to run or show the file (modules must be JavaScript).
    static func contentType(of name: String) -> String {
        let suffix = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch suffix {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }

    /// The file as an answer: 200 with the bytes, or 304 when `If-None-Match` names this tag.
    func response(to request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse(status: .ok, body: bytes)
        if let tags = request.headers["If-None-Match"],
            tags.split(separator: ",").contains(where: { tag in
                let trimmed = tag.trimmingASCIIWhitespace()
                return trimmed == etag || trimmed == "W/" + etag || trimmed == "*"
            })
        {
            response = HTTPResponse(status: .notModified)
        }
        response.headers.set("Content-Type", contentType)
        response.headers.set("Cache-Control", "no-cache")
        response.headers.set("ETag", etag)
        return response
    }
}
