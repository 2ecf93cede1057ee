import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

/// A responder's `bodyLimit` (for requests that need no key): a longer `Content-Length` is
/// refused from the head with 413, a chunked body as it passes the limit, a whole request too;
/// such bodies are counted in a pool of their own, so they never make other requests wait.
@Suite(.offPool) struct SmallBodyTests {
    static func start(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
        var router = Router()
        router.post("/small") { request in .text(.ok, "small \(request.body.count)") }
        router.post("/big") { request in .text(.ok, "big \(request.body.count)") }
        router.bodyLimit = { head in head.path == "/small" ? 1024 : nil }
        return try TestHTTPServer.start(router.freeze(), configure: configure)
    }

    @Test func aLongerContentLengthIsRefusedFromTheHead() throws {
        let server = try Self.start()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try client.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 15728640\r\n\r\n{")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.headers["Connection"] == "close")
        #expect(client.waitForClose())
        // The limit is the route's: the same length elsewhere is read.
        let other = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try other.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 1024\r\n\r\n")
        try other.send([UInt8](repeating: 0x61, count: 1024))
        #expect(try other.readResponse().bodyString == "small 1024")
    }

    @Test func aChunkedBodyIsRefusedAsItPassesTheLimitAndAWholeRequestToo() throws {
        let server = try Self.start()
        defer { server.shutdown(grace: .seconds(1)) }
        let chunked = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try chunked.send("POST /small HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("200\r\n".utf8) + [UInt8](repeating: 0x61, count: 512) + Array("\r\n".utf8)
        for _ in 0..<4 { guard (try? chunked.send(chunk)) != nil else { break } }
        #expect(try chunked.readResponse().status == 413)
        let whole = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        let body = String(repeating: "a", count: 2000)
        try whole.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 2000\r\n\r\n\(body)")
        #expect(try whole.readResponse().status == 413)
        // The next request on a connection has the usual limit again.
        let next = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try next.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nab")
        #expect(try next.readResponse().bodyString == "small 2")
        try next.send("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 2000\r\n\r\n")
        try next.send(body)
        #expect(try next.readResponse().bodyString == "big 2000")
    }

    /// Each head waits for its `100 Continue`, so the server has checked it (and counted its
    /// body) before the next bytes go out: the order of reads is the test's, not the scheduler's.
    @Test func unfinishedSmallBodiesNeverMakeOtherBodiesWait() throws {
        let server = try Self.start { $0.maxBufferedBytes = 64 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        var held: [RawHTTPClient] = []
        for _ in 0..<17 {
            let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
            try client.send(
                "POST /small HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            try client.send("{")
            held.append(client)
        }
        // 17 heads and bodies in flight (17 KB and their buffers), yet a 48 KiB body passes,
        // its bytes arriving after its head reserved (and counted) their room.
        let big = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try big.send("POST /big HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 49152\r\n\r\n")
        #expect(try big.readResponse().status == 100)
        try big.send([UInt8](repeating: 0x61, count: 49152))
        #expect(try big.readResponse().bodyString == "big 49152")
        for client in held {
            try client.send([UInt8](repeating: 0x61, count: 999))
            #expect(try client.readResponse().bodyString == "small 1000")
        }
    }

    @Test func aBodyBeyondTheBufferedCapIsRefusedFromItsHead() throws {
        let server = try Self.start { $0.maxBufferedBytes = 64 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        let big = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try big.send("POST /big HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 70000\r\n\r\n")
        let response = try big.readResponse()
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
    }

    @Test func theSmallBodyPoolHasACapOfItsOwn() throws {
        let server = try Self.start { $0.maxSmallBodyBytes = 8 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        var statuses: [Int] = []
        var held: [RawHTTPClient] = []
        for _ in 0..<17 {
            let client = try RawHTTPClient(port: server.port, timeout: .milliseconds(300))
            try client.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n{")
            held.append(client)
            statuses.append((try? client.readResponse().status) ?? 0)
        }
        #expect(statuses.contains(503), "\(statuses)")
        #expect(statuses.contains(0), "\(statuses)")  // the first ones are held, unanswered
        let big = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try big.send("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try big.readResponse().bodyString == "big 5")
    }
}
