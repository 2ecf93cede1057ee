import Dispatch
import Foundation
import RestLiteTesting
import SocketHTTP
import Synchronization
import Testing

/// Bodies cannot hold the server's memory or its connections: bytes buffered across all
/// connections are capped (503), a body must arrive within its time (408).
@Suite(.offPool) struct HTTPServerBodyLimitTests {
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
        // The server notices the close on its own time, so a small request is tried until it
        // passes (bounded: 10 s is for a machine that hardly runs the server).
        client.close()
        var answered: RawHTTPResponse?
        let deadline = ContinuousClock.now + .seconds(10)
        repeat {
            let next = try RawHTTPClient(port: server.port, timeout: .seconds(3))
            try next.send("POST /small HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
            answered = try next.readResponse()
            if answered?.status == 200 { break }
            Thread.sleep(forTimeInterval: 0.02)
        } while ContinuousClock.now < deadline
        #expect(answered?.status == 200)
        #expect(answered?.bodyString.hasSuffix("hello") == true)
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

@Suite(.offPool) struct HTTPServerWorkerGrowthTests {
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

    /// Growth needs a stall, not only busy workers: the watch starts a worker when every worker
    /// is inside a handler and none finished one for a whole interval. The interval here (2 s)
    /// is 100 handlers long, so only a hang looks like a stall, however loaded the machine.
    /// Clients keep both workers busy until the watch has found every worker busy at the end of
    /// an interval (a count, not a clock); a watch that grew on busy workers alone would have
    /// started a worker there.
    @Test func fastHandlersUnderLoadStartNoExtraWorkers() throws {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            Thread.sleep(forTimeInterval: 0.02)
            return .text(.ok, request.path)
        }
        let configure: (inout HTTPServerConfiguration) -> Void = {
            $0.workerThreads = 2
            $0.workerStall = .seconds(2)
        }
        let server = try TestHTTPServer.start(configure: configure, handler)
        defer { server.shutdown(grace: .seconds(1)) }
        let load = Load()
        let clients = DispatchGroup()
        let port = server.port
        // Eight clients keep both workers inside handlers nearly all the time. Threads of their
        // own: the global queue runs about one blocked client per core.
        for _ in 0..<8 {
            clients.enter()
            Thread.detachNewThread {
                defer { clients.leave() }
                do {
                    let client = try RawHTTPClient(port: port, timeout: .seconds(10))
                    while !load.done.withLock({ $0 }) {
                        try client.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
                        if try client.readResponse().bodyString != "/fast" {
                            load.failures.withLock { $0 += 1 }
                        }
                    }
                } catch {
                    load.failures.withLock { $0 += 1 }
                }
            }
        }
        // Bounded: an interval or two take 2 to 4 s; 60 s is for a machine that hardly runs us.
        let deadline = ContinuousClock.now + .seconds(60)
        while server.busyStallChecks == 0 && ContinuousClock.now < deadline
            && load.failures.withLock({ $0 }) == 0
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        load.done.withLock { $0 = true }
        #expect(clients.wait(timeout: .now() + 30) == .success)
        #expect(load.failures.withLock { $0 } == 0)
        #expect(server.busyStallChecks > 0, "the watch never found every worker busy")
        // Every worker was inside a handler at that look, but none stayed there: no growth.
        #expect(server.workerCount == 2)
    }

    /// What the load's client threads share with the test.
    private final class Load: Sendable {
        let failures = Mutex(0)
        let done = Mutex(false)
    }
}
