import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

/// Clients that do not read cannot hold the server's memory: a file body is sent a piece at a
/// time, and response bytes queued across all connections are capped (the slowest close).
@Suite(.offPool) struct SlowReaderTests {
    /// `count` bytes in a cycle of 251 (a prime, so no piece boundary lines up with it).
    static func pattern(_ count: Int) -> [UInt8] {
        let cycle = (0..<251).map { UInt8($0) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 251)
        while bytes.count < count { bytes.append(contentsOf: cycle) }
        return Array(bytes[..<count])
    }

    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count
            && a.withUnsafeBytes { x in
                b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, a.count) == 0 }
            }
    }

    static func file(_ bytes: [UInt8]) throws -> HTTPBodyFile {
        let file = try HTTPBodyFile(directory: NSTemporaryDirectory())
        try bytes.withUnsafeBytes { try file.append($0) }
        return file
    }

    /// Polls `condition` every millisecond for at most `seconds`.
    static func wait(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test func aFileBodyArrivesWholeAndANonReaderHoldsOnlyAPieceOfIt() throws {
        let bytes = Self.pattern(8 * 1024 * 1024 + 123)
        let file = try Self.file(bytes)
        let server = try TestHTTPServer.start { _ in
            .file(headers: ["Content-Type": "application/x-test"], file)
        }
        defer { server.shutdown(grace: .seconds(1)) }
        let silent = try RawHTTPClient(port: server.port)
        defer { silent.close() }
        try silent.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.wait { server.queuedResponseBytes > 0 })
        #expect(server.queuedResponseBytes <= 64 * 1024)

        let reader = try RawHTTPClient(port: server.port)
        defer { reader.close() }
        try reader.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\nHEAD /big HTTP/1.1\r\nHost: t\r\n\r\n")
        let whole = try reader.readResponse()
        #expect(whole.status == 200 && whole.headers["Content-Length"] == "\(bytes.count)")
        #expect(Self.same(whole.body, bytes))
        let head = try reader.readResponse(bodyless: true)
        #expect(head.status == 200 && head.headers["Content-Length"] == "\(bytes.count)")
    }

    /// 32 MiB answers under a 40 MiB cap: one fits, two do not. Smaller sizes (8 under 10) were
    /// tried and failed in CI: the kernel's socket buffers take several MiB of the first answer,
    /// so with a 10 MiB cap the second fitted too.
    @Test func pastTheQueuedCapTheSlowestReaderIsClosedAndTheOtherServed() throws {
        let body = Self.pattern(32 * 1024 * 1024)
        let respond: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            HTTPResponse(status: .ok, headers: ["Content-Type": "application/x-test"], body: body)
        }
        let server = try TestHTTPServer.start(configure: { $0.maxQueuedBytes = 40 * 1024 * 1024 }, respond)
        defer { server.shutdown(grace: .seconds(1)) }
        let first = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        defer { first.close() }
        try first.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.wait { server.queuedResponseBytes > 0 })
        // The kernel may still take a few more bytes of the first answer (each counts as the
        // client making progress): wait until its queue has stood still for 200 ms.
        var last = (bytes: server.queuedResponseBytes, since: Date())
        _ = Self.wait(seconds: 20) {
            let now = server.queuedResponseBytes
            if now != last.bytes { last = (now, Date()) }
            return Date().timeIntervalSince(last.since) > 0.2
        }
        #expect(server.queuedResponseBytes <= 40 * 1024 * 1024, "one reader alone stays within the cap")

        let second = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        defer { second.close() }
        try second.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n")
        let served = try second.readResponse()
        #expect(served.status == 200 && Self.same(served.body, body))
        // The first never read while the second queued: it was the slowest, and was closed.
        #expect(throws: (any Error).self) { try first.readResponse() }
        #expect(Self.wait { server.queuedResponseBytes == 0 })
    }
}
