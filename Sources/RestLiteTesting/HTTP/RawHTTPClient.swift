import Foundation
import SocketHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Connects to `host:port` (IPv4 or IPv6 literal); reads time out after `timeout`.
    public init(port: Int, host: String = "127.0.0.1", timeout: Duration = .seconds(5)) throws {
        fd = try Self.connect(host: host, port: port)
        setTimeout(timeout)
    }

    deinit { close() }

    /// Changes how long a read may block.
    public func setTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends every byte (one `send` call unless the socket buffer is full).
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Self.sendNoSignal(fd, $0.baseAddress, $0.count)
            }
            guard sent > 0 else { throw Failure.send(errno: errno) }
            offset += sent
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

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = SocketHTTPTestSystem.close(fd)
    }

    /// Reads until `complete(buffer)` returns an index, or throws on timeout or close.
    private func readUntil(_ complete: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let index = complete(buffer) { return index }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno == ECONNRESET {
                throw Failure.closed
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure.timedOut
            } else if errno != EINTR {
                throw Failure.closed
            }
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}
