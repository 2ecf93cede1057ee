import PlatformSupport
import RestDBClient

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Linux's transport for `RestDBClient` (the `restlite` executable injects it; Apple platforms use
/// URLSession): plain-http HTTP/1.1 over a POSIX socket, one connection per request
/// (`Connection: close`), so the client needs neither FoundationNetworking nor libcurl (which
/// would load full Foundation and ICU into `restlite`; see ARCHITECTURE.md). Connecting, each
/// send and each read wait at most `timeout`; the blocking exchange runs on its own thread so
/// it never holds a Swift concurrency thread.
package struct SocketTransport: RestDBTransport {
    /// Why an exchange failed after the URL was accepted.
    enum Failure: Error, LocalizedError, CustomStringConvertible {
        case socket(TCPSocket.Failure, server: String)
        case malformedResponse(String)
        case closedEarly(server: String)

        var description: String {
            switch self {
            case .socket(let failure, let server): return "\(server): \(failure)"
            case .malformedResponse(let detail): return "malformed HTTP response: \(detail)"
            case .closedEarly(let server): return "\(server) closed the connection before the answer ended"
            }
        }

        var errorDescription: String? { description }
    }

    let timeout: Duration

    /// A transport whose connect, sends and reads each give up after `timeout`.
    package init(timeout: Duration = .seconds(60)) {
        self.timeout = timeout
    }

    package func send(_ request: TransportRequest) async throws -> TransportResponse {
        let target = try Self.target(of: request.url)
        let timeout = timeout
        return try await withCheckedThrowingContinuation { continuation in
            PosixThread.spawn(name: "restdb-client") {
                continuation.resume(
                    with: Result { try Self.exchange(request, target: target, timeout: timeout) })
            }
        }
    }

    /// Where to connect and what to put in the request line, or a ``RestDBError`` for URLs this
    /// transport cannot serve (https above all).
    static func target(of url: URL) throws -> (host: String, port: Int, path: String) {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" else {
            if scheme == "https" {
                throw RestDBError.invalidRequest(
                    "\(url.absoluteString): https needs macOS or iOS (URLSession); on Linux RestDBClient "
                        + "speaks plain http only, so use a restlite server's http:// URL.")
            }
            throw RestDBError.invalidRequest("\(url.absoluteString): only http URLs are supported on Linux.")
        }
        guard var host = url.host(percentEncoded: false), !host.isEmpty else {
            throw RestDBError.invalidRequest("\(url.absoluteString) has no host.")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var path = url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = url.query(percentEncoded: true) { path += "?" + query }
        return (host, url.port ?? 80, path)
    }

    /// Connects, sends the request and reads the whole answer (skipping interim 1xx answers).
    static func exchange(
        _ request: TransportRequest, target: (host: String, port: Int, path: String), timeout: Duration
    ) throws -> TransportResponse {
        let server = "\(target.host):\(target.port)"
        do {
            let socket = try TCPSocket(host: target.host, port: target.port, timeout: timeout)
            defer { socket.close() }
            try socket.send(head(of: request, target: target) + Array(request.body ?? Data()))
            var reader = HTTPResponseReader { try socket.receive(into: &$0) }
            return try reader.readResponse(method: request.method, server: server)
        } catch let failure as TCPSocket.Failure {
            throw Failure.socket(failure, server: server)
        }
    }

    /// The request line and headers, ending in the blank line.
    static func head(of request: TransportRequest, target: (host: String, port: Int, path: String)) -> [UInt8]
    {
        let host = target.host.contains(":") ? "[\(target.host)]" : target.host
        var text = "\(request.method) \(target.path) HTTP/1.1\r\n"
        text += "Host: \(host)\(target.port == 80 ? "" : ":\(target.port)")\r\n"
        text += "Connection: close\r\n"
        for header in request.headers {
            text += "\(header.name): \(header.value)\r\n"
        }
        if let body = request.body {
            text += "Content-Length: \(body.count)\r\n"
        } else if request.method != "GET" && request.method != "HEAD" {
            text += "Content-Length: 0\r\n"
        }
        return Array((text + "\r\n").utf8)
    }
}
