import Foundation
import SocketHTTP

/// A response as read off the wire by `RawHTTPClient`.
public struct RawHTTPResponse: Sendable {
    public var status: Int
    public var reason: String
    public var headers: HTTPHeaders
    public var body: [UInt8]

    /// Parses a status line and header lines (no CRLFCRLF).
    init(head: String) throws {
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { throw RawHTTPClient.Failure.malformed(head) }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2).map(String.init)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1])
        else {
            throw RawHTTPClient.Failure.malformed(head)
        }
        self.status = status
        self.reason = statusLine.count > 2 ? statusLine[2] : ""
        self.headers = HTTPHeaders()
        self.body = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw RawHTTPClient.Failure.malformed(line) }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.add(String(line[..<colon]), value)
        }
    }

    /// The body as UTF-8 text.
    public var bodyString: String { String(decoding: body, as: UTF8.self) }
}
