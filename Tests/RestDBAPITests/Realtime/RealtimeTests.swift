import DocumentJSON
import DocumentStore
import Foundation
import PlatformSupport
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// `GET /realtime` and `POST /realtime` over real sockets.
@Suite(.serialized, .offPool) struct RealtimeTests {
    static let key = TestAPI.fullKey

    /// A TestAPI with its server; `configure` may shorten the server's timeouts.
    final class Fixture {
        let api: TestAPI
        let server: HTTPServer

        init(
            realtime: RealtimeHub.Settings = .init(),
            configure: (inout HTTPServerConfiguration) -> Void = { _ in }
        ) throws {
            api = try TestAPI(realtime: realtime)
            server = try api.startServer(configure: configure)
        }

        deinit {
            server.shutdown(grace: .seconds(1))
            api.remove()
        }

        var port: Int { server.port }

        func subscribe(key: String = RealtimeTests.key, query: String = "", headers: [String: String] = [:])
            throws -> EventStreamClient
        {
            let client = try EventStreamClient(
                port: port, target: "/realtime?apikey=\(key)\(query)", headers: headers)
            try waitUntil { api.api.realtime.subscriberCount > 0 }
            return client
        }

        @discardableResult
        func call(_ method: String, _ target: String, _ body: String = "", key: String = RealtimeTests.key)
            throws
            -> RawHTTPResponse
        {
            let client = try RawHTTPClient(port: port)
            defer { client.close() }
            try client.send(
                "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            return try client.readResponse()
        }
    }

    static func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<500 where !condition() { usleep(10_000) }
        try #require(condition())
    }

    static func object(_ event: ServerSentEvent) throws -> [String: Any] {
        try #require(try event.json() as? [String: Any])
    }

    @Test func childWritesAndTheChildrenDeletedWithTheirParentAreEvents() throws {
        let fixture = try Fixture()
        let meta =
            #"{"fields":[{"name":"catName","type":"text"},"#
            + #"{"name":"visits","type":"child","collection":"a3cats-visits"}]}"#
        #expect(try fixture.call("PUT", "/rest/a3cats/_meta", meta).status == 200)
        let cat = try #require(
            try JSON.parse(try fixture.call("POST", "/rest/a3cats", #"{"catName":"Tom"}"#).body)["_id"]?
                .stringValue)
        let client = try fixture.subscribe()

        let posted = try fixture.call("POST", "/rest/a3cats/\(cat)/visits", #"[{"vet":"A"},{"vet":"B"}]"#)
        #expect(posted.status == 201)
        let children = try JSON.parse(posted.body).arrayValue?.compactMap { $0["_id"]?.stringValue } ?? []
        try #require(children.count == 2)
        for child in children {
            let event = try client.nextSkippingPings()
            #expect(event.name == "post")
            let object = try Self.object(event)
            #expect(object["collection"] as? String == "a3cats-visits")
            #expect((object["data"] as? [String: Any])?["_id"] as? String == child)
            #expect((object["data"] as? [String: Any])?["_parent_id"] as? String == cat)
        }

        #expect(
            try fixture.call("PUT", "/rest/a3cats/\(cat)/visits/\(children[0])", #"{"vet":"C"}"#).status
                == 200)
        let put = try client.nextSkippingPings()
        #expect(put.name == "put")
        #expect((try Self.object(put)["data"] as? [String: Any])?["vet"] as? String == "C")

        #expect(try fixture.call("DELETE", "/rest/a3cats/\(cat)/visits/\(children[0])").status == 200)
        let deleted = try client.nextSkippingPings()
        #expect(deleted.name == "delete")
        #expect(try Self.object(deleted)["data"] as? [String] == [children[0]])
        #expect(try Self.object(deleted)["collection"] as? String == "a3cats-visits")

        // Deleting the parent deletes its other child in the same transaction: two events.
        #expect(try fixture.call("DELETE", "/rest/a3cats/\(cat)").status == 200)
        var seen: [String: [String]] = [:]
        for _ in 0..<2 {
            let event = try client.nextSkippingPings()
            #expect(event.name == "delete")
            let object = try Self.object(event)
            seen[object["collection"] as? String ?? ""] = object["data"] as? [String]
        }
        #expect(seen == ["a3cats": [cat], "a3cats-visits": [children[1]]])
    }

    @Test func droppingACollectionIsDeleteEventsForItsDocumentsAndTheirChildren() throws {
        let fixture = try Fixture()
        let meta =
            #"{"fields":[{"name":"catName","type":"text"},"#
            + #"{"name":"visits","type":"child","collection":"a3cats-visits"}]}"#
        #expect(try fixture.call("PUT", "/rest/a3cats/_meta", meta).status == 200)
        let cats = try fixture.api.seedCats(3)
        let visit = try fixture.call("POST", "/rest/a3cats/\(cats[1])/visits", #"{"vet":"A"}"#)
        let child = try #require(try JSON.parse(visit.body)["_id"]?.stringValue)
        let client = try fixture.subscribe()
        #expect(try fixture.call("DELETE", "/_restlite/collections/a3cats").status == 200)
        var seen: [String: [String]] = [:]
        for _ in 0..<2 {
            let event = try client.nextSkippingPings()
            #expect(event.name == "delete")
            let object = try Self.object(event)
            seen[object["collection"] as? String ?? ""] = object["data"] as? [String]
        }
        #expect(seen == ["a3cats": cats.sorted(), "a3cats-visits": [child]])
    }

    @Test func streamAnswersWithEventStreamHeaders() throws {
        let fixture = try Fixture()
        let client = try fixture.subscribe()
        #expect(client.status == 200)
        #expect(client.header("Content-Type")?.hasPrefix("text/event-stream") == true)
        #expect(client.header("Cache-Control") == "no-cache")
        #expect(client.header("Content-Length") == nil)
    }

    @Test func everyWriteKindEmitsItsEvent() throws {
        let fixture = try Fixture()
        let client = try fixture.subscribe()
        let created = try fixture.call("POST", "/rest/cats", #"{"name":"Tom","age":3}"#)
        #expect(created.status == 201)
        let post = try client.nextSkippingPings()
        #expect(post.name == "post")
        let postObject = try Self.object(post)
        #expect(postObject["collection"] as? String == "cats")
        let document = try #require(postObject["data"] as? [String: Any])
        #expect(document["name"] as? String == "Tom")
        let id = try #require(document["_id"] as? String)

        try fixture.call("POST", "/rest/cats", #"[{"name":"A"},{"name":"B"}]"#)
        let bulk = [try client.nextSkippingPings(), try client.nextSkippingPings()]
        #expect(bulk.map(\.name) == ["post", "post"])
        let names = try bulk.map { try Self.object($0)["data"] as? [String: Any] }.map {
            $0?["name"] as? String
        }
        #expect(names == ["A", "B"])
        #expect(bulk[1].id! > bulk[0].id! && bulk[0].id! > post.id!)

        try fixture.call("PUT", "/rest/cats/\(id)", #"{"age":4}"#)
        let put = try client.nextSkippingPings()
        #expect(put.name == "put")
        #expect((try Self.object(put)["data"] as? [String: Any])?["age"] as? Int == 4)

        try fixture.call("PATCH", "/rest/cats/\(id)", #"{"age":5}"#)
        let patch = try client.nextSkippingPings()
        #expect(patch.name == "put")
        #expect((try Self.object(patch)["data"] as? [String: Any])?["age"] as? Int == 5)

        let query = #"?q=%7B%22name%22%3A%22A%22%7D"#
        try fixture.call("PUT", "/rest/cats/*\(query)", #"{"age":9}"#)
        let byQuery = try client.nextSkippingPings()
        #expect(byQuery.name == "put")
        let updated = try #require(try Self.object(byQuery)["data"] as? [String: Any])
        #expect(updated["name"] as? String == "A" && updated["age"] as? Int == 9)

        try fixture.call("DELETE", "/rest/cats/\(id)")
        let deleteOne = try client.nextSkippingPings()
        #expect(deleteOne.name == "delete")
        #expect(try Self.object(deleteOne)["data"] as? [String] == [id])
        #expect(try Self.object(deleteOne)["collection"] as? String == "cats")

        try fixture.call("DELETE", "/rest/cats/*\(query)")
        let deleteQuery = try client.nextSkippingPings()
        #expect(deleteQuery.name == "delete")
        #expect((try Self.object(deleteQuery)["data"] as? [String])?.count == 1)

        let rest = try fixture.api.store.find(FindRequest(collection: "cats")).documents.map(\.id)
        try fixture.call("DELETE", "/rest/cats/*", "[\"\(rest[0])\"]")
        let deleteList = try client.nextSkippingPings()
        #expect(deleteList.name == "delete")
        #expect(try Self.object(deleteList)["data"] as? [String] == rest)
    }

    @Test func scopedKeyReceivesOnlyCollectionsItMayRead() throws {
        let fixture = try Fixture()
        let scoped = APIKey(key: "scopedcatreader000000001", full: false, methods: ["GET"], path: "/cats/**")
        try KeyFile(keys: [scoped]).save(to: fixture.api.folder.keysURL)
        let client = try fixture.subscribe(key: scoped.key)
        #expect(client.status == 200)
        try fixture.call("POST", "/rest/dogs", #"{"name":"Rex"}"#)
        try fixture.call("POST", "/rest/cats", #"{"name":"Tom"}"#)
        try fixture.call("POST", "/realtime", #"{"note":"hi"}"#)
        let first = try client.nextSkippingPings()
        #expect(first.name == "post")
        #expect(try Self.object(first)["collection"] as? String == "cats")
        let second = try client.nextSkippingPings()
        #expect(second.name == "publish")
        // The scoped key may not publish.
        #expect(try fixture.call("POST", "/realtime", #"{"x":1}"#, key: scoped.key).status == 403)
    }

    @Test func lastEventIDResumesFromHistory() throws {
        let fixture = try Fixture()
        for name in ["a", "b", "c"] { try fixture.call("POST", "/rest/cats", #"{"name":"\#(name)"}"#) }
        let resumed = try fixture.subscribe(headers: ["Last-Event-ID": "1"])
        let replay = [try resumed.nextSkippingPings(), try resumed.nextSkippingPings()]
        #expect(replay.map(\.id) == [2, 3])
        let fromParameter = try fixture.subscribe(query: "&lastEventId=2")
        #expect(try fromParameter.nextSkippingPings().id == 3)
        // An id from another run (beyond the newest) starts fresh: the next event is new.
        let fresh = try fixture.subscribe(headers: ["Last-Event-ID": "999"])
        try fixture.call("POST", "/rest/cats", #"{"name":"d"}"#)
        #expect(try fresh.nextSkippingPings().id == 4)
    }

    /// A write records its event's parts; the dispatcher frames them only when it sends them,
    /// into exactly the bytes a whole event published by hand gives.
    @Test func aWriteEventFramedWhenSentReadsAsAWholeEvent() throws {
        let fixture = try Fixture()
        let hub = fixture.api.api.realtime
        let collection = #"odd "name""#
        let document = Array(#"{"_id":"1","n":[1,2]}"#.utf8)
        hub.publishDocument(event: "post", collection: collection, document: document)
        hub.publish(
            event: "post", collection: collection, data: RealtimeHub.documentData(collection, document))
        let client = try fixture.subscribe(headers: ["Last-Event-ID": "0"])
        let recorded = try client.nextSkippingPings()
        let whole = try client.nextSkippingPings()
        #expect(recorded.id == 1 && whole.id == 2)
        #expect(recorded.name == "post" && recorded.data == whole.data)
        #expect(recorded.data == #"{"collection":"odd \"name\"","data":{"_id":"1","n":[1,2]}}"#)
    }

    @Test func olderThanHistoryStartsFresh() throws {
        let fixture = try Fixture(realtime: .init(history: 2))
        for name in ["a", "b", "c", "d"] { try fixture.call("POST", "/rest/cats", #"{"name":"\#(name)"}"#) }
        let client = try fixture.subscribe(headers: ["Last-Event-ID": "1"])
        try fixture.call("POST", "/rest/cats", #"{"name":"e"}"#)
        #expect(try client.nextSkippingPings().id == 5)
    }

    @Test func burstLargerThanTheHistoryReachesSubscribersWhole() throws {
        // A history of 2 and a long coalescing pause: one round gathers the whole burst.
        let fixture = try Fixture(realtime: .init(history: 2, coalesce: .milliseconds(300)))
        let client = try fixture.subscribe()
        let hub = fixture.api.api.realtime
        for n in 1...12 { hub.publish(event: "publish", collection: nil, data: Array(#"{"n":\#(n)}"#.utf8)) }
        var ids: [Int64] = []
        for _ in 1...12 { ids.append(try client.nextSkippingPings().id ?? -1) }
        #expect(ids == Array(1...12))
    }

    @Test func aRoundToAWideAudienceIsFollowedByTwiceThePause() throws {
        let settings = RealtimeHub.Settings(coalesce: .milliseconds(10))
        #expect(settings.pause(after: 1) == .milliseconds(10))
        #expect(settings.pause(after: settings.wideFanOut - 1) == .milliseconds(10))
        #expect(settings.pause(after: settings.wideFanOut) == .milliseconds(20))
        #expect(settings.pause(after: 1000) == .milliseconds(20))

        // The dispatcher keeps to it: with two subscribers counted as wide, an event published
        // right after another reaches them no sooner than 2 x 200 ms after the first was published.
        var wide = RealtimeHub.Settings(coalesce: .milliseconds(200))
        wide.wideFanOut = 2
        let fixture = try Fixture(realtime: wide)
        let hub = fixture.api.api.realtime
        let first = try fixture.subscribe()
        let second = try fixture.subscribe()
        try Self.waitUntil { hub.subscriberCount == 2 }
        let clock = ContinuousClock()
        let sent = clock.now
        hub.publish(event: "publish", collection: nil, data: Array(#"{"n":1}"#.utf8))
        #expect(try first.nextSkippingPings().id == 1)
        hub.publish(event: "publish", collection: nil, data: Array(#"{"n":2}"#.utf8))
        #expect(try first.nextSkippingPings().id == 2)
        #expect(clock.now - sent >= .milliseconds(400), "the second round came \(clock.now - sent) after")
        #expect(try second.nextSkippingPings().id == 1)
    }

    @Test func eventPublishedBeforeTheJoiningRoundReachesTheNewSubscriber() throws {
        // After the round that sends event 1 the dispatcher pauses 300 ms; the second client
        // subscribes and event 2 is published within that pause, before the round that joins it.
        let fixture = try Fixture(realtime: .init(coalesce: .milliseconds(300)))
        let hub = fixture.api.api.realtime
        let first = try fixture.subscribe()
        hub.publish(event: "publish", collection: nil, data: Array(#"{"n":1}"#.utf8))
        #expect(try first.nextSkippingPings().id == 1)
        let second = try EventStreamClient(
            port: fixture.port, target: "/realtime", headers: ["x-apikey": Self.key])
        try Self.waitUntil { hub.subscriberCount == 2 }
        hub.publish(event: "publish", collection: nil, data: Array(#"{"n":2}"#.utf8))
        #expect(try second.nextSkippingPings().id == 2)
        #expect(try first.nextSkippingPings().id == 2)
    }

    @Test func publishReachesEverySubscriber() throws {
        let fixture = try Fixture()
        let first = try fixture.subscribe()
        let second = try EventStreamClient(
            port: fixture.port, target: "/realtime", headers: ["x-apikey": Self.key])
        try Self.waitUntil { fixture.api.api.realtime.subscriberCount == 2 }
        let answer = try fixture.call("POST", "/realtime", #"{"channel":"chat","text":"hello"}"#)
        #expect(answer.status == 200)
        for client in [first, second] {
            let event = try client.nextSkippingPings()
            #expect(event.name == "publish")
            #expect(try Self.object(event)["text"] as? String == "hello")
        }
    }

    @Test func missingOrUnknownKeysAreRefused() throws {
        let fixture = try Fixture()
        let none = try EventStreamClient(port: fixture.port, target: "/realtime")
        #expect(none.status == 401)
        let unknown = try EventStreamClient(port: fixture.port, target: "/realtime?apikey=nosuchkey")
        #expect(unknown.status == 403)
        #expect(try fixture.call("POST", "/realtime", "{}", key: "nosuchkey").status == 403)
        #expect(try fixture.call("POST", "/realtime", "not json").status == 400)
        #expect(fixture.api.api.realtime.subscriberCount == 0)
    }

    /// Two pings come, in order, an interval apart by the hub's own clock: each ping carries the
    /// time it was written, and the next one is due an interval after it. The gap between those
    /// two times is a lower bound (load can only delay a ping, never bring it forward; 1 ms is
    /// the rounding of the two times); when the client reads them does not matter. The
    /// client's 5 s read timeout (33 intervals) catches pings that never come.
    @Test func pingsArriveAtTheInterval() throws {
        let fixture = try Fixture(realtime: .init(pingInterval: .milliseconds(150)))
        let client = try fixture.subscribe()
        let ping = try client.next()
        #expect(ping.name == "ping")
        #expect(ping.id != nil)
        let first = try #require(ISODate.parse(ping.data))
        let next = try client.next()
        #expect(next.name == "ping" && next.id! > ping.id!)
        let second = try #require(ISODate.parse(next.data))
        #expect(second - first >= 149, "pings written \(second - first) ms apart")
    }

    @Test func streamOutlivesTheIdleTimeout() throws {
        let fixture = try Fixture { $0.idleTimeout = .milliseconds(200) }
        let client = try fixture.subscribe()
        usleep(800_000)
        try fixture.call("POST", "/rest/cats", #"{"name":"late"}"#)
        #expect(try client.nextSkippingPings().name == "post")
    }

    @Test func clientLeavingFreesTheSubscriber() throws {
        let fixture = try Fixture()
        let client = try fixture.subscribe()
        client.socket.close()
        try fixture.call("POST", "/rest/cats", #"{"name":"x"}"#)
        try Self.waitUntil { fixture.api.api.realtime.subscriberCount == 0 }
    }

    /// A subscriber that never reads never holds a write, and it is disconnected once its queue
    /// (64 KiB here) and the socket buffers are full. No clock compares the writes: the stuck
    /// subscriber never reads, so a write that waited for it would never be answered (the
    /// client's 5 s read timeout catches that); each one is answered.
    @Test func stuckSubscriberIsClosedAndNeverHoldsAWrite() throws {
        let fixture = try Fixture(realtime: .init(queueBytes: 64 * 1024))
        let filler = String(repeating: "x", count: 32 * 1024)
        let batch = "[" + Array(repeating: #"{"f":"\#(filler)"}"#, count: 8).joined(separator: ",") + "]"
        let stuck = try fixture.subscribe()
        var answered = 0
        // 256 KiB of events a write; bounded at 48 writes (12 MiB).
        for _ in 0..<48 where fixture.api.api.realtime.subscriberCount > 0 {
            #expect(try fixture.call("POST", "/rest/cats", batch).status == 201)
            answered += 1
        }
        try Self.waitUntil { fixture.api.api.realtime.subscriberCount == 0 }
        #expect(answered > 0)
        #expect(stuck.waitForClose())
    }
}
