import Dispatch
import Foundation
import RestLiteTesting
import SocketHTTP
import Synchronization
import Testing

/// Bodies cannot hold the server's memory or its connections: bytes buffered across all
/// connections are capped (503), a body must arrive within its time (408).
@Suite struct HTTPServerBodyLimitTests {
    @Test func bytesPastTheServerWideCapAreRefusedWith503() throws {
        let server = try startEchoServer { $0.maxBufferedBytes = 256 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 4194304\r\n\r\n")
        // Sent in pieces so the server reads (and buffers) them as they come.
        var refused: RawHTTPResponse?
        for _ in 0..<16 {
            do {
                try client.send([UInt8](repeating: 0x61, count: 64 * 1024))
            } catch {
                break  // the server closed after answering
            }
        }
        refused = try client.readResponse()
        let response = try #require(refused)
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.headers["Connection"] == "close")
        // Once that connection is gone the memory is counted free again: small requests pass.
        client.close()
        Thread.sleep(forTimeInterval: 0.3)
        let next = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try next.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try next.readResponse().bodyString.hasSuffix("hello"))
    }

    @Test func aChunkedBodyGrowingPastTheCapIsRefusedWith503() throws {
        let server = try startEchoServer { $0.maxBufferedBytes = 256 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x61, count: 65536) + Array("\r\n".utf8)
        for _ in 0..<16 {
            guard (try? client.send(chunk)) != nil else { break }
        }
        let response = try client.readResponse()
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
    }

    @Test func aBodyThatTricklesIsAnswered408WhenItsTimeIsUp() throws {
        let server = try startEchoServer { $0.bodyTimeout = .milliseconds(600) }
        defer { server.shutdown(grace: .seconds(1)) }
        // Timed from before the head is sent: the server's body clock starts after it arrives,
        // so load can only make `waited` longer.
        let started = ContinuousClock.now
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(4))
        try client.send("POST /slow HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n")
        // One byte every 100 ms: each would restart a pause timeout, never the body's.
        var answer: RawHTTPResponse?
        var sent = 0
        client.setTimeout(.milliseconds(100))
        while sent < 90 {
            guard (try? client.send("x")) != nil else { break }
            sent += 1
            if let response = try? client.readResponse() {
                answer = response
                break
            }
        }
        client.setTimeout(.seconds(30))
        let response = try answer ?? client.readResponse()
        #expect(response.status == 408)
        #expect(response.headers["Connection"] == "close")
        // Answered while bytes were still arriving (the body never finished), not before its time.
        #expect(sent < 90, "the answer came only after the trickle stopped")
        #expect(ContinuousClock.now - started >= .milliseconds(590))
    }
}

@Suite struct HTTPServerWorkerGrowthTests {
    @Test func moreSlowHandlersThanWorkersStillLeaveOneForQuickRequests() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            if request.path == "/slow" {
                entered.signal()
                _ = release.wait(timeout: .now() + 10)
            }
            return .text(.ok, request.path)
        }
        let server = try TestHTTPServer.start(configure: { $0.workerThreads = 2 }, handler)
        defer { server.shutdown(grace: .seconds(1)) }
        let slow = try (0..<6).map { _ in try RawHTTPClient(port: server.port, timeout: .seconds(10)) }
        for client in slow { try client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n") }
        for _ in slow { #expect(entered.wait(timeout: .now() + 5) == .success) }
        // Answered while all six slow handlers are still held (they are released only after
        // it): a worker was added for it. Without one it would wait for a release that never
        // comes first, and time out.
        let fast = try RawHTTPClient(port: server.port, timeout: .seconds(8))
        try fast.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try fast.readResponse().bodyString == "/fast")
        #expect(server.workerCount >= slow.count + 1)
        for _ in slow { release.signal() }
        for client in slow { #expect(try client.readResponse().bodyString == "/slow") }
    }

    @Test func fastHandlersUnderLoadStartNoExtraWorkers() throws {
        // 1 ms handlers and 16 clients keep both workers inside handlers nearly all the time;
        // a stall limit far above 1 ms keeps a loaded test machine from looking like a stall.
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            Thread.sleep(forTimeInterval: 0.001)
            return .text(.ok, request.path)
        }
        let configure: (inout HTTPServerConfiguration) -> Void = {
            $0.workerThreads = 2
            $0.workerStall = .milliseconds(250)
        }
        let server = try TestHTTPServer.start(configure: configure, handler)
        defer { server.shutdown(grace: .seconds(1)) }
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do {
                let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
                for _ in 0..<25 {
                    try client.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
                    if try client.readResponse().bodyString != "/fast" { failures.withLock { $0 += 1 } }
                }
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        // Every worker was often inside a handler at once, but none stayed there: no growth.
        #expect(server.workerCount == 2)
    }
}
