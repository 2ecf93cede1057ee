import Dispatch
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@Suite(.offPool) struct HTTPServerResilienceTests {
    @Test func closesAHalfSentHeadAfterTheHeaderTimeout() throws {
        let server = try startEchoServer { $0.headerTimeout = .milliseconds(300) }
        defer { server.shutdown(grace: .seconds(1)) }
        // Timed from before the connection exists, so the server's clock (from its accept)
        // starts later: a loaded machine can only make `waited` longer, never too short.
        let started = ContinuousClock.now
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(30))
        try client.send("GET / HTTP/1.1\r\nHost: exa")
        // Closed (not timed out on our side: that would be `false`), and not before the timeout.
        #expect(client.waitForClose())
        #expect(ContinuousClock.now - started >= .milliseconds(290))
    }

    @Test func closesAnIdleKeepAliveConnectionAfterTheIdleTimeout() throws {
        let server = try startEchoServer { $0.idleTimeout = .seconds(2) }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(30))
        try client.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        // The connection stays open while idle for less than the timeout and serves another
        // request (a pause far below the timeout, so a loaded machine has 1.5 s to spare).
        Thread.sleep(forTimeInterval: 0.5)
        // Timed from before the second request: the server's idle clock starts after its answer,
        // so load can only make `waited` longer.
        let asked = ContinuousClock.now
        try client.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyString.hasPrefix("GET /second"))
        // Then it closes once idle for the timeout counted from the second answer (from the
        // first it would be 1.5 s after `asked`), and not before.
        #expect(client.waitForClose())
        #expect(ContinuousClock.now - asked >= .milliseconds(1950))
    }

    @Test func keepsServingAfterAClientDisconnectsMidBody() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let quitter = try RawHTTPClient(port: server.port)
        try quitter.send("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\nonly a little")
        quitter.close()
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyString.hasPrefix("GET /after"))
    }

    @Test func aSlowHandlerDoesNotStallOtherConnections() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try TestHTTPServer.start { request in
            if request.path == "/slow" {
                entered.signal()
                _ = release.wait(timeout: .now() + 10)
            }
            return .text(.ok, request.path)
        }
        defer { server.shutdown(grace: .seconds(1)) }
        let slow = try RawHTTPClient(port: server.port)
        try slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 5) == .success)
        let fast = try RawHTTPClient(port: server.port, timeout: .seconds(2))
        try fast.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try fast.readResponse().bodyString == "/fast")
        release.signal()
        #expect(try slow.readResponse().bodyString == "/slow")
    }

    @Test func servesAThousandConcurrentConnections() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let clients = try (0..<1000).map { _ in try RawHTTPClient(port: server.port, timeout: .seconds(20)) }
        for (index, client) in clients.enumerated() {
            try client.send("GET /\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        var answered = 0
        for (index, client) in clients.enumerated() {
            let response = try client.readResponse()
            if response.status == 200 && response.bodyString.hasPrefix("GET /\(index) ") { answered += 1 }
        }
        #expect(answered == 1000)
    }

    @Test func shutdownFinishesTheRequestInFlight() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try TestHTTPServer.start { request in
            guard request.path == "/slow" else { return .text(.ok, "quick") }
            entered.signal()
            _ = release.wait(timeout: .now() + 30)
            return .text(.ok, "finished")
        }
        let port = server.port
        // Generous timeouts: on a loaded machine the shutdown below may start seconds late.
        let inFlight = try RawHTTPClient(port: port, timeout: .seconds(30))
        let idle = try RawHTTPClient(port: port, timeout: .seconds(30))
        // One answered request makes `idle` an accepted keep-alive connection before the
        // shutdown (one still in the listen backlog would be reset, not closed).
        try idle.send("GET /quick HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try idle.readResponse().bodyString == "quick")
        try inFlight.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(entered.wait(timeout: .now() + 30) == .success)
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown(grace: .seconds(30))
            stopped.signal()
        }
        #expect(idle.waitForClose())  // idle connections go at once
        #expect(stopped.wait(timeout: .now() + 0.2) == .timedOut)  // still waiting for the handler
        release.signal()
        let response = try inFlight.readResponse()
        #expect(response.bodyString == "finished")
        #expect(response.headers["Connection"] == "close")
        #expect(stopped.wait(timeout: .now() + 30) == .success)
        server.waitUntilStopped()
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }
    }

    @Test func reportsAnAddressInUseWithErrno() throws {
        let first = try startEchoServer()
        defer { first.shutdown(grace: .seconds(1)) }
        let second = HTTPServer(
            configuration: HTTPServerConfiguration(port: first.port, serverLog: false),
            responder: ClosureResponder { _ in .empty(.ok) })
        let error = #expect(throws: SocketError.self) { try second.start() }
        #expect(error?.errno == EADDRINUSE)
        #expect(error?.description.hasPrefix("bind() failed: Address already in use (errno") == true)
    }

    @Test(.enabled(if: IPv6Loopback.isAvailable, "this machine has no IPv6 loopback"))
    func listensOnIPv6Loopback() throws {
        let server = try startEchoServer { $0.host = "::1" }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, host: "::1")
        try client.send("GET /six HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyString.hasPrefix("GET /six [::1]:"))
    }

    @Test func deliversResponsesLargerThanTheSocketBuffer() throws {
        let big = [UInt8](repeating: UInt8(ascii: "z"), count: 8 << 20)
        let server = try TestHTTPServer.start { request in
            HTTPResponse(
                status: .ok, body: request.path == "/big" ? big : Array("\(request.body.count)".utf8))
        }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        let upload = [UInt8](repeating: 7, count: 3 << 20)
        try client.send(
            Array("POST /up HTTP/1.1\r\nHost: t\r\nContent-Length: \(upload.count)\r\n\r\n".utf8) + upload)
        #expect(try client.readResponse().bodyString == String(upload.count))
        try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\nGET /after HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().body == big)
        #expect(try client.readResponse().bodyString == "0")
    }
}
