import PlatformSupport
import RestLiteTesting
import Testing

@testable import SocketHTTP

/// Answers with the gauge's count as its handler sees it; a request to `/wait` holds its
/// handler until `release` opens.
private struct GaugeReader: HTTPResponder {
    let gauge: HandlerGauge
    let entered: Gate
    let release: Gate

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/wait" {
            entered.open()
            release.wait()
        }
        return .text(.ok, "\(gauge.count)")
    }
}

/// A latch: `wait` returns once `open` was called (bounded: 10 s).
private final class Gate: @unchecked Sendable {
    private let lock = PosixCondition()
    private var isOpen = false

    func open() {
        lock.withLock { isOpen = true }
        lock.broadcast()
    }

    func wait() {
        let deadline = ContinuousClock.now + .seconds(10)
        lock.withLock {
            while !isOpen && ContinuousClock.now < deadline { _ = lock.wait(milliseconds: 100) }
        }
    }
}

/// `HTTPServerConfiguration.handlerGauge` counts the requests inside a handler, as the store's
/// busy wait on PostgreSQL reads it (`BusyWait`).
@Suite(.offPool) struct HandlerGaugeTests {
    @Test func theGaugeCountsTheRequestsInsideAHandler() throws {
        let gauge = HandlerGauge()
        let (entered, release) = (Gate(), Gate())
        let server = try TestHTTPServer.start(GaugeReader(gauge: gauge, entered: entered, release: release)) {
            $0.workerThreads = 3
            $0.handlerGauge = gauge
        }
        defer { server.shutdown(grace: .seconds(1)) }
        #expect(gauge.count == 0)
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyString == "1")
        // The handler has returned before its answer is sent.
        #expect(gauge.count == 0)

        // One request held in its handler: a second one sees two.
        let held = try RawHTTPClient(port: server.port)
        try held.send("GET /wait HTTP/1.1\r\nHost: t\r\n\r\n")
        entered.wait()
        try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyString == "2")
        release.open()
        #expect(try held.readResponse().bodyString == "1")
        #expect(gauge.count == 0)
    }
}
