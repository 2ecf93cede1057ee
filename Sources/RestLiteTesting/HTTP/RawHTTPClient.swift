import Foundation
import PlatformSupport
import SocketHTTP

/// A blocking TCP client that sends exact bytes and reads raw responses, for tests of the
/// protocol itself (pipelining, partial heads, limits). Every read is bounded by `timeout`.
public final class RawHTTPClient {
    public enum Failure: Error, Equatable {
        case connect(errno: Int32)
        case send(errno: Int32)
        case timedOut
        case closed
        case malformed(String)
    }

    private let socket: TCPSocket
    private var buffer: [UInt8] = []

    /// Connects to `host:port` (IPv4 or IPv6 literal); reads time out after `timeout`.
    public init(port: Int, host: String = "127.0.0.1", timeout: Duration = .seconds(5)) throws {
        do {
            socket = try TCPSocket(host: host, port: port, timeout: timeout)
        } catch TCPSocket.Failure.connect(let code) {
            throw Failure.connect(errno: code)
        } catch {
            throw Failure.connect(errno: EINVAL)
        }
    }

    /// Changes how long a read may block.
    public func setTimeout(_ timeout: Duration) { socket.setTimeout(timeout) }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends every byte (one `send` call unless the socket buffer is full).
    public func send(_ bytes: [UInt8]) throws {
        do {
            try socket.send(bytes)
        } catch TCPSocket.Failure.send(let code) {
            throw Failure.send(errno: code)
        } catch {
            throw Failure.timedOut
        }
    }

    /// Reads one response (a `100 Continue` counts as one). HEAD answers: pass `bodyless`.
    public func readResponse(bodyless: Bool = false) throws -> RawHTTPResponse {
        let headEnd = try readUntil { Self.find([13, 10, 13, 10], in: $0) }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var response = try RawHTTPResponse(head: head)
        let length =
            bodyless || response.status < 200 ? 0 : Int(response.headers["Content-Length"] ?? "0") ?? 0
        _ = try readUntil { $0.count >= length ? length : nil }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// True if the server closes (or resets) the connection within the read timeout, after
    /// discarding anything it still sends.
    public func waitForClose() -> Bool {
        do {
            _ = try readUntil { _ in nil }
            return false
        } catch Failure.closed {
            return true
        } catch {
            return false
        }
    }

    public func close() { socket.close() }

    /// Reads until `complete(buffer)` returns an index, or throws on timeout or close.
    private func readUntil(_ complete: ([UInt8]) -> Int?) throws -> Int {
        while true {
            if let index = complete(buffer) { return index }
            let more: Bool
            do {
                more = try socket.receive(into: &buffer)
            } catch TCPSocket.Failure.timedOut {
                throw Failure.timedOut
            } catch {
                throw Failure.closed
            }
            guard more else { throw Failure.closed }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        haystack.withUnsafeBytes { ByteSearch.firstIndex(of: needle, in: $0) }
    }
}
