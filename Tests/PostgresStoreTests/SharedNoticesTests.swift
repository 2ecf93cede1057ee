import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import PostgresStore

/// Two engines on one database, as two processes: the event relay writes and reads nothing
/// while no process has a subscriber and delivers every event once while one has; key and
/// catalog changes reach the other engine through its notices.
@Suite(.offPool) struct SharedNoticesTests {
    /// Polls `condition` every 10 ms until it holds or `limit` has passed; true when it held.
    static func within(_ limit: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    static func eventRows(_ url: String) throws -> Int64 {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        return try connection.execute("SELECT count(*) FROM restlite_events").int64(0, 0)
    }

    /// Whether the second engine has subscribers, and what it received.
    final class Receiver: @unchecked Sendable {
        private let lock = NSLock()
        private var subscribed = false
        private var events: [String] = []
        var hasSubscribers: Bool {
            get { lock.withLock { subscribed } }
            set { lock.withLock { subscribed = newValue } }
        }
        func add(_ event: String) { lock.withLock { events.append(event) } }
        var received: [String] { lock.withLock { events } }
    }

    @Test func theRelayCostsNothingWithoutSubscribersAndDeliversEachEventOnceWithThem() throws {
        let url = try TemporaryPostgres.databaseURL()
        let writer = try PostgresEngine(url: url)
        let reader = try PostgresEngine(url: url)
        let writerRelay = try #require(writer.eventRelay as? PostgresEventRelay)
        let readerRelay = try #require(reader.eventRelay as? PostgresEventRelay)
        let receiver = Receiver()
        writerRelay.start(
            hasSubscribers: { false },
            deliver: { _, _, _ in
                Issue.record("the writer has no subscribers")
            })
        readerRelay.start(
            hasSubscribers: { receiver.hasSubscribers },
            deliver: { event, _, data in
                receiver.add(event + " " + String(decoding: data, as: UTF8.self))
            })
        #expect(
            Self.within(.seconds(5)) {
                writer.notices.connectionCount > 0 && reader.notices.connectionCount > 0
            })

        // Nobody subscribes anywhere: no row is written, and nobody reads.
        for index in 0..<5 {
            writerRelay.send(event: "post", collection: "cats", data: Array("\(index)".utf8))
        }
        #expect(try Self.eventRows(url) == 0)
        #expect(readerRelay.readCount == 0 && writerRelay.readCount == 0)
        #expect(!writerRelay.othersHaveSubscribers)

        // The reader gets a subscriber: the writer learns it, and each event arrives once, in order.
        receiver.hasSubscribers = true
        readerRelay.subscribersChanged()
        #expect(Self.within(.seconds(5)) { writerRelay.othersHaveSubscribers })
        for index in 0..<20 {
            writerRelay.send(event: "post", collection: "cats", data: Array("\(index)".utf8))
        }
        #expect(Self.within(.seconds(5)) { receiver.received.count >= 20 })
        #expect(receiver.received == (0..<20).map { "post \($0)" })
        // The reader's own events do not come back to it.
        readerRelay.send(event: "post", collection: "cats", data: Array("mine".utf8))
        writerRelay.send(event: "post", collection: "cats", data: Array("last".utf8))
        #expect(Self.within(.seconds(5)) { receiver.received.count >= 21 })
        #expect(receiver.received.last == "post last" && receiver.received.count == 21)

        // Its last subscriber goes: writing stops again, and rows older than a minute go.
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        try connection.execute("UPDATE restlite_events SET at = now() - interval '2 minutes'")
        receiver.hasSubscribers = false
        readerRelay.subscribersChanged()
        #expect(try Self.eventRows(url) == 0)
        #expect(Self.within(.seconds(5)) { !writerRelay.othersHaveSubscribers })
        writerRelay.send(event: "post", collection: "cats", data: Array("unheard".utf8))
        #expect(try Self.eventRows(url) == 0)
    }

    @Test func aProcessThatEndedWithoutSayingSoCountsForNothing() throws {
        let url = try TemporaryPostgres.databaseURL()
        let writer = try PostgresEngine(url: url)
        let writerRelay = try #require(writer.eventRelay as? PostgresEventRelay)
        writerRelay.start(hasSubscribers: { false }, deliver: { _, _, _ in })
        do {
            let gone = try PostgresEngine(url: url)
            gone.eventRelay.start(hasSubscribers: { true }, deliver: { _, _, _ in })
            gone.eventRelay.subscribersChanged()
            #expect(Self.within(.seconds(5)) { writerRelay.othersHaveSubscribers })
        }
        // Its row stays, but its listening connection closes (within a second of the engine
        // going); the next look at the listeners, after anyone's change, drops the row.
        let other = try PostgresEngine(url: url)
        let receiver = Receiver()
        other.eventRelay.start(hasSubscribers: { receiver.hasSubscribers }, deliver: { _, _, _ in })
        #expect(
            Self.within(.seconds(5)) {
                receiver.hasSubscribers = true
                other.eventRelay.subscribersChanged()
                receiver.hasSubscribers = false
                other.eventRelay.subscribersChanged()
                return Self.within(.milliseconds(300)) { !writerRelay.othersHaveSubscribers }
            })
    }

    @Test func declaringOrDroppingAnIndexIsAnnouncedToTheOtherProcesses() throws {
        let url = try TemporaryPostgres.databaseURL()
        let engine = try PostgresEngine(url: url)
        _ = try engine.insert(["age": .number(JSONNumber(3))], into: "dogs")
        let listener = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        try listener.execute("LISTEN \(PostgresNotices.Channel.catalog.rawValue)")
        func announced() throws -> Bool {
            _ = listener.waitForInput(milliseconds: 2000)
            return try listener.notifications().contains { $0.channel == "restlite_catalog" }
        }
        try engine.createIndex(collection: "dogs", path: "age")
        #expect(try announced())
        #expect(try engine.dropIndex(collection: "dogs", field: "age"))
        #expect(try announced())
    }

    @Test func aSchemaChangeOrARestoredSnapshotReachesTheOtherEnginesCatalog() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try PostgresEngine(url: url)
        let second = try PostgresEngine(url: url)
        second.notices.start()
        #expect(Self.within(.seconds(5)) { second.notices.connectionCount > 0 })
        try first.setSchema(CollectionSchema(fields: [FieldSchema(name: "name", type: .text)]), for: "dogs")
        let empty = try first.captureSnapshot()
        #expect(try second.schema(of: "dogs")?.fields.map(\.name) == ["name"])

        try first.setSchema(
            CollectionSchema(fields: [
                FieldSchema(name: "name", type: .text), FieldSchema(name: "age", type: .number),
            ]),
            for: "dogs")
        #expect(Self.within(.seconds(1)) { (try? second.schema(of: "dogs"))?.fields.count == 2 })

        _ = try first.createCollection("pups", schema: nil)
        _ = try first.insert(["name": .string("Rex")], into: "pups")
        #expect(try second.count(in: "pups", matching: nil) == 1)
        try first.restoreSnapshot(empty)
        #expect(Self.within(.seconds(1)) { !second.collectionNames().contains("pups") })
        #expect(Self.within(.seconds(1)) { (try? second.schema(of: "dogs"))?.fields.count == 1 })
    }
}
