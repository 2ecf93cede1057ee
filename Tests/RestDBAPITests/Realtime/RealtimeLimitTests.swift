import DocumentJSON
import DocumentStore
import Foundation
import PlatformSupport
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// The caps on `/realtime`: subscribers in all and per key (503 with `Retry-After` past them),
/// places given back when streams end, and the queue budget across all subscribers.
@Suite(.serialized, .offPool) struct RealtimeLimitTests {
    typealias Fixture = RealtimeTests.Fixture

    static func settings(total: Int = 1000, perKey: Int = 200, queue: Int = 1 << 20, budget: Int = 64 << 20)
        -> RealtimeHub.Settings
    {
        var settings = RealtimeHub.Settings(queueBytes: queue)
        settings.maxSubscribers = total
        settings.maxSubscribersPerKey = perKey
        settings.totalQueueBytes = budget
        return settings
    }

    /// One `GET /realtime` whose answer is expected to be a refusal (it has a length).
    static func refused(_ fixture: Fixture, key: String) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: fixture.port)
        defer { client.close() }
        try client.send("GET /realtime?apikey=\(key) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return try client.readResponse()
    }

    /// `waitUntil` with 30 s: the reader below works through megabytes in a debug build.
    static func waitLong(_ condition: () -> Bool) throws {
        for _ in 0..<3000 where !condition() { usleep(10_000) }
        try #require(condition())
    }

    static func waitForAdmitted(_ fixture: Fixture, _ count: Int) throws {
        try RealtimeTests.waitUntil { fixture.api.api.realtime.admittedCount == count }
    }

    @Test func oneKeyPastItsCapIs503WithRetryAfterWhileAnotherKeyIsServed() throws {
        let fixture = try Fixture(realtime: Self.settings(perKey: 2))
        let reader = APIKey(key: "realtimereader0000000001", full: false, methods: ["GET"], path: "/cats/**")
        try KeyFile(keys: [reader]).save(to: fixture.api.folder.keysURL)
        let first = try EventStreamClient(port: fixture.port, target: "/realtime?apikey=\(reader.key)")
        let second = try EventStreamClient(port: fixture.port, target: "/realtime?apikey=\(reader.key)")
        #expect(first.status == 200 && second.status == 200)
        let refusal = try Self.refused(fixture, key: reader.key)
        #expect(refusal.status == 503)
        #expect(refusal.headers["Retry-After"] == "10")
        #expect(refusal.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let body = try JSON.parse(refusal.body)
        #expect(body["status"] == 503)
        #expect(body["message"]?.stringValue?.contains("--max-subscribers-per-key") == true)
        // Another key has places of its own.
        let other = try EventStreamClient(port: fixture.port, target: "/realtime?apikey=\(RealtimeTests.key)")
        #expect(other.status == 200)
        // A stream that ends gives its place back.
        first.socket.close()
        try Self.waitForAdmitted(fixture, 2)
        let again = try EventStreamClient(port: fixture.port, target: "/realtime?apikey=\(reader.key)")
        #expect(again.status == 200)
    }

    @Test func theServerPastItsTotalCapIs503NamingTheFlag() throws {
        let fixture = try Fixture(realtime: Self.settings(total: 2, perKey: 10))
        let clients = try (0..<2).map { _ in
            try EventStreamClient(port: fixture.port, target: "/realtime?apikey=\(RealtimeTests.key)")
        }
        #expect(clients.allSatisfy { $0.status == 200 })
        let refusal = try Self.refused(fixture, key: RealtimeTests.key)
        #expect(refusal.status == 503)
        #expect(refusal.headers["Retry-After"] != nil)
        let message = try JSON.parse(refusal.body)["message"]?.stringValue ?? ""
        #expect(message.contains("--max-subscribers") && !message.contains("per-key"))
    }

    /// An answer that never opens its stream (in-process here; a HEAD request or a dropped
    /// answer on a socket) gives its place back when it is gone.
    @Test func anAnswerThatNeverStreamsGivesItsPlaceBack() throws {
        let api = try TestAPI(realtime: Self.settings(total: 1, perKey: 1))
        defer { api.remove() }
        for _ in 0..<3 {
            #expect(api.request(.get, "/realtime").status == .ok)
        }
        #expect(api.api.realtime.admittedCount == 0)
    }

    /// A subscriber that never reads while another reads everything: once what is queued for
    /// all of them passes the budget (256 KiB here, each queue alone may hold 64 MiB), the one
    /// that does not read is disconnected and the reader keeps its stream to the end. The
    /// writes wait for the reader to have each one's events, so what the reader holds stays
    /// small (the budget counts the rounds both queues share once: a reader as far behind as
    /// the stuck one would be over the budget too).
    @Test func theQueueBudgetClosesTheSlowestSubscriberAndKeepsTheReader() throws {
        let fixture = try Fixture(realtime: Self.settings(queue: 64 << 20, budget: 256 << 10))
        let stuck = try fixture.subscribe()
        let reader = try EventStreamClient(
            port: fixture.port, target: "/realtime?apikey=\(RealtimeTests.key)", timeout: .seconds(20))
        try RealtimeTests.waitUntil { fixture.api.api.realtime.subscriberCount == 2 }
        let watch = ReaderWatch(reader)
        PosixThread.spawn(name: "reader") { watch.readUntilPublish() }
        let filler = String(repeating: "x", count: 8 * 1024)
        let batch = "[" + Array(repeating: #"{"f":"\#(filler)"}"#, count: 8).joined(separator: ",") + "]"
        // 64 KiB of events a write, up to 25 MiB: more than the socket buffers hold, far less
        // than the stuck subscriber's own 64 MiB queue.
        var written = 0
        for _ in 0..<400 where fixture.api.api.realtime.subscriberCount > 1 {
            #expect(try fixture.call("POST", "/rest/cats", batch).status == 201)
            written += 8
            try Self.waitLong { watch.posts >= written || watch.ended }
        }
        try Self.waitLong { fixture.api.api.realtime.subscriberCount == 1 }
        // The one left is the reader: it still receives what comes next.
        try fixture.call("POST", "/realtime", #"{"end":true}"#)
        try Self.waitLong { watch.sawPublish }
        stuck.socket.close()
    }
}

/// Reads a stream on its own thread until a `publish` event (or the stream's end), counting
/// the `post` events on the way.
private final class ReaderWatch: @unchecked Sendable {
    private let client: EventStreamClient
    private let lock = PosixCondition()
    private var seen = false
    private var postCount = 0
    private var done = false

    init(_ client: EventStreamClient) { self.client = client }

    var sawPublish: Bool { lock.withLock { seen } }
    var posts: Int { lock.withLock { postCount } }
    var ended: Bool { lock.withLock { done } }

    func readUntilPublish() {
        defer { lock.withLock { done = true } }
        while let event = try? client.nextSkippingPings() {
            if event.name == "post" { lock.withLock { postCount += 1 } }
            if event.name == "publish" {
                lock.withLock { seen = true }
                return
            }
        }
    }
}
