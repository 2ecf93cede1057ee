import Foundation
import PlatformSupport
import RestLiteTesting
import SocketHTTP
import Testing

/// `HTTPResponse.stream`: bytes sent from another thread reach the client, the stream ends
/// when the client leaves or the buffer overflows, and idle timeouts leave it alone.
@Suite(.offPool) struct StreamResponseTests {
    /// Holds the sinks the handler received, for the test thread.
    final class Sinks: @unchecked Sendable {
        private let lock = NSLock()
        private var sinks: [StreamSink] = []
        private var closedCount = 0

        func add(_ sink: StreamSink) {
            sink.onClose { [self] in lock.withLock { closedCount += 1 } }
            lock.withLock { sinks.append(sink) }
        }

        var first: StreamSink? { lock.withLock { sinks.first } }
        var closed: Int { lock.withLock { closedCount } }
    }

    static func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<500 where !condition() { usleep(10_000) }
        try #require(condition())
    }

    static func start(_ sinks: Sinks, bufferLimit: Int = 1 << 20) throws -> HTTPServer {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            .stream(headers: ["Content-Type": "text/plain"], bufferLimit: bufferLimit) { sinks.add($0) }
        }
        return try TestHTTPServer.start(configure: { $0.idleTimeout = .milliseconds(200) }, handler)
    }

    static func read(_ socket: TCPSocket, until text: String) throws -> String {
        var buffer: [UInt8] = []
        while !String(decoding: buffer, as: UTF8.self).contains(text) {
            guard try socket.receive(into: &buffer) else { break }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func bytesSentFromAnotherThreadReachTheClientPastTheIdleTimeout() throws {
        let sinks = Sinks()
        let server = try Self.start(sinks)
        defer { server.shutdown(grace: .seconds(1)) }
        let socket = try TCPSocket(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        defer { socket.close() }
        try socket.send(Array("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        try Self.waitUntil { sinks.first != nil }
        let head = try Self.read(socket, until: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(!head.lowercased().contains("content-length"))
        #expect(head.contains("Connection: close"))
        usleep(600_000)  // three idle timeouts
        let sender = Thread { _ = sinks.first?.send(Array("one\ntwo\n".utf8)) }
        sender.start()
        #expect(try Self.read(socket, until: "two\n").hasSuffix("one\ntwo\n"))
        #expect(sinks.first?.isOpen == true)
    }

    @Test func clientLeavingRunsOnClose() throws {
        let sinks = Sinks()
        let server = try Self.start(sinks)
        defer { server.shutdown(grace: .seconds(1)) }
        let socket = try TCPSocket(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        try socket.send(Array("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        try Self.waitUntil { sinks.first != nil }
        socket.close()
        try Self.waitUntil { sinks.closed == 1 }
        #expect(sinks.first?.send([1]) == false)
    }

    @Test func overflowingTheBufferClosesTheStream() throws {
        let sinks = Sinks()
        let server = try Self.start(sinks, bufferLimit: 4096)
        defer { server.shutdown(grace: .seconds(1)) }
        let socket = try TCPSocket(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        defer { socket.close() }
        try socket.send(Array("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        try Self.waitUntil { sinks.first != nil }
        let sink = try #require(sinks.first)
        // Never read: the socket buffers fill, then the sink's 4 KiB; bounded at 64 MiB.
        let chunk = [UInt8](repeating: 120, count: 1024)
        var sent = 0
        while sink.send(chunk) && sent < 64 << 20 { sent += chunk.count }
        #expect(!sink.isOpen)
        try Self.waitUntil { sinks.closed == 1 }
    }

    @Test func serverStopEndsOpenStreams() throws {
        let sinks = Sinks()
        let server = try Self.start(sinks)
        let socket = try TCPSocket(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        defer { socket.close() }
        try socket.send(Array("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        try Self.waitUntil { sinks.first != nil }
        server.shutdown(grace: .seconds(1))
        #expect(sinks.closed == 1)
    }

    /// A client that has the head may act on it at once (the console writes, then expects its
    /// own event): the opener has run by then, so nothing sent after the head is missed.
    @Test func theHeadLeavesOnlyAfterTheOpenerHasRun() throws {
        let sinks = Sinks()
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            .stream(headers: ["Content-Type": "text/plain"]) { sink in
                usleep(300_000)  // a slow subscription
                sinks.add(sink)
            }
        }
        let server = try TestHTTPServer.start(handler)
        defer { server.shutdown(grace: .seconds(1)) }
        let socket = try TCPSocket(host: "127.0.0.1", port: server.port, timeout: .seconds(5))
        defer { socket.close() }
        try socket.send(Array("GET /s HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        let head = try Self.read(socket, until: "\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(sinks.first != nil, "the head arrived before the opener subscribed")
    }
}
