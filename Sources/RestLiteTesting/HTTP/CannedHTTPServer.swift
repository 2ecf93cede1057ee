import Foundation
import PlatformSupport

/// A one-connection server on 127.0.0.1 that writes exact bytes, for tests of HTTP clients
/// (chunked answers, bodies framed by close, truncated or missing answers). It reads the
/// request's head and `Content-Length` body, keeps them, answers with `answer` (nothing if nil)
/// and closes; it waits at most `timeout` for each step.
///
/// ```swift
/// let server = try CannedHTTPServer(answer: "HTTP/1.1 204 No Content\r\n\r\n")
/// defer { server.stop() }
/// // ... a client calls http://127.0.0.1:\(server.port) ...
/// let request = server.receivedRequest()  // "GET / HTTP/1.1\r\nHost: ..."
/// ```
public final class CannedHTTPServer: @unchecked Sendable {
    /// The port to connect to.
    public let port: Int
    private let listener: TCPListener
    private let condition = PosixCondition()
    private var received: String?
    private var finished = false

    /// Starts serving one connection; `answer` nil holds the connection open without answering
    /// until `timeout` has passed.
    public init(answer: String?, timeout: Duration = .seconds(5)) throws {
        listener = try TCPListener()
        port = listener.port
        PosixThread.spawn(name: "canned-http") { [self] in
            let request = serveOne(answer: answer.map { Array($0.utf8) }, timeout: timeout)
            condition.withLock {
                received = request
                finished = true
                condition.broadcast()
            }
        }
    }

    /// The bytes of the request the client sent (head and body), once the answer is written;
    /// nil if no request came within `milliseconds`.
    public func receivedRequest(milliseconds: Int = 5000) -> String? {
        condition.withLock {
            if !finished { condition.wait(milliseconds: milliseconds) }
            return received
        }
    }

    /// A loopback port nothing listens on (it did a moment ago), for connection-refused tests.
    public static func closedPort() throws -> Int {
        let listener = try TCPListener()
        defer { listener.close() }
        return listener.port
    }

    /// Stops listening (the serving thread ends within its timeout).
    public func stop() {
        _ = receivedRequest(milliseconds: 0)
        listener.close()
    }

    private func serveOne(answer: [UInt8]?, timeout: Duration) -> String? {
        guard let connection = try? listener.accept(timeout: timeout) else { return nil }
        defer { connection.close() }
        var bytes: [UInt8] = []
        while !Self.isComplete(bytes) {
            guard (try? connection.receive(into: &bytes)) == true else { break }
        }
        let request = String(decoding: bytes, as: UTF8.self)
        if let answer {
            try? connection.send(answer)
        } else {
            var rest: [UInt8] = []
            _ = try? connection.receive(into: &rest)  // waits until the client gives up
        }
        return request
    }

    /// True once the head and the `Content-Length` bytes of body have arrived.
    private static func isComplete(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let headEnd = text.range(of: "\r\n\r\n") else { return false }
        let length =
            text[..<headEnd.lowerBound].split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length
    }
}
