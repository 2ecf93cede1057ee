import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// Two restlite servers on one PostgreSQL database, each with its own engine, pool and data
/// folder, as two processes behind a balancer: events, `$inc`, unique fields, keys, schemas and
/// resets hold across them.
@Suite(.offPool) struct SharedDatabaseTests {
    private static func call(_ port: Int, _ method: String, _ target: String, _ body: String = "") throws
        -> RawHTTPResponse
    {
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        defer { client.close() }
        try client.send(
            "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        return try client.readResponse()
    }

    private static func relay(_ api: TestAPI) -> (any EventRelay)? {
        (api.store as? any SharedEngine)?.eventRelay
    }

    /// Polls `condition` every 10 ms until it holds or `limit` has passed; true when it held.
    private static func within(_ limit: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    @Test func aKeyAddedOnOneServerWorksOnTheOtherWithinASecondAndARemovedOneIsRefused() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try TestAPI(sharing: url)
        let second = try TestAPI(sharing: url)
        #expect(first.request(.post, "/rest/cats", body: #"{"name":"Tom"}"#).status == .created)

        let added = first.request(.post, "/_restlite/keys", body: #"{"methods":["GET"],"note":"app"}"#)
        #expect(added.status == .created)
        let key = try #require(try added.json()["key"]?.stringValue)
        #expect(first.request(.get, "/rest/cats", headers: ["x-apikey": key]).status == .ok)
        #expect(
            Self.within(.seconds(1)) {
                second.request(.get, "/rest/cats", headers: ["x-apikey": key]).status == .ok
            })
        // Its scope holds there too.
        #expect(
            second.request(.post, "/rest/cats", headers: ["x-apikey": key], body: "{}").status == .forbidden)
        let listed = try second.request(.get, "/_restlite/keys").json()
        #expect(listed.arrayValue?.contains { $0["key"]?.stringValue == key } == true)

        #expect(second.request(.delete, "/_restlite/keys/\(key)").status == .ok)
        #expect(second.request(.get, "/rest/cats", headers: ["x-apikey": key]).status == .forbidden)
        #expect(
            Self.within(.seconds(1)) {
                first.request(.get, "/rest/cats", headers: ["x-apikey": key]).status == .forbidden
            })
    }

    @Test func aSchemaChangeOrAResetOnOneServerReachesTheOtherWithinASecond() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try TestAPI(sharing: url)
        let second = try TestAPI(sharing: url)
        let meta = #"{"fields":[{"name":"name","type":"text"}]}"#
        #expect(first.request(.put, "/rest/dogs/_meta", body: meta).status == .ok)
        #expect(second.request(.get, "/rest/dogs/_meta").status == .ok)

        let wider = #"{"fields":[{"name":"name","type":"text"},{"name":"age","type":"number"}]}"#
        #expect(first.request(.put, "/rest/dogs/_meta", body: wider).status == .ok)
        #expect(
            Self.within(.seconds(1)) {
                String(decoding: second.request(.get, "/rest/dogs/_meta").body, as: UTF8.self).contains("age")
            })

        // The second server's start state is the empty database: its reset drops the dogs.
        #expect(first.request(.get, "/rest/dogs/_meta").status == .ok)
        #expect(second.request(.post, "/_restlite/reset").status == .ok)
        #expect(Self.within(.seconds(1)) { first.request(.get, "/rest/dogs/_meta").status == .notFound })
    }

    @Test func anEventWrittenOnOneServerReachesTheOthersSubscribers() throws {
        let servers = try TwoServers()
        defer { servers.stop() }
        let (first, second) = (servers.first, servers.second)
        let (firstServer, secondServer) = (servers.firstServer, servers.secondServer)
        let subscriber = try EventStreamClient(
            port: secondServer.port, target: "/realtime?apikey=\(TestAPI.fullKey)", timeout: .seconds(10))
        try RealtimeTests.waitUntil { second.api.realtime.subscriberCount > 0 }
        // The first server writes events only once it knows another process has subscribers.
        try RealtimeTests.waitUntil { Self.relay(first)?.othersHaveSubscribers == true }

        let created = try Self.call(firstServer.port, "POST", "/rest/cats", #"{"name":"Tom"}"#)
        #expect(created.status == 201)
        let id = try #require(try JSON.parse(created.body)["_id"]?.stringValue)
        let event = try subscriber.nextSkippingPings()
        #expect(event.name == "post")
        let data = try #require(try event.json() as? [String: Any])
        #expect(data["collection"] as? String == "cats")
        #expect((data["data"] as? [String: Any])?["_id"] as? String == id)

        #expect(try Self.call(firstServer.port, "DELETE", "/rest/cats/\(id)").status == 200)
        let deleted = try subscriber.nextSkippingPings()
        #expect(deleted.name == "delete")
        // The second server's own write reaches its subscriber once, not again through the relay.
        #expect(try Self.call(secondServer.port, "POST", "/rest/cats", #"{"name":"Kit"}"#).status == 201)
        #expect(try subscriber.nextSkippingPings().name == "post")
        #expect(try Self.call(firstServer.port, "POST", "/realtime", #"{"hello":1}"#).status == 200)
        #expect(try subscriber.nextSkippingPings().name == "publish")
    }

    /// The subscribe-time gap: once a subscriber on the second server has the stream's head,
    /// a write sent at once to the first reaches it. Each round starts with neither server
    /// knowing of a subscriber (the first sends no events), so each one runs the race.
    @Test func aWriteSentOnOneServerAsSoonAsASubscriptionOpensOnTheOtherReachesIt() throws {
        let servers = try TwoServers()
        defer { servers.stop() }
        let (first, second) = (servers.first, servers.second)
        let (firstServer, secondServer) = (servers.firstServer, servers.secondServer)
        var delivered = 0
        for round in 0..<50 {
            try RealtimeTests.waitUntil {
                !second.api.realtime.hasSubscribers && Self.relay(first)?.othersHaveSubscribers == false
            }
            let subscriber = try EventStreamClient(
                port: secondServer.port, target: "/realtime?apikey=\(TestAPI.fullKey)", timeout: .seconds(5))
            #expect(subscriber.status == 200)
            let created = try Self.call(firstServer.port, "POST", "/rest/cats", #"{"round":\#(round)}"#)
            #expect(created.status == 201)
            let event = try? subscriber.nextSkippingPings()
            let data = try? event?.json() as? [String: Any]
            let document = data?["data"] as? [String: Any]
            guard event?.name == "post", (document?["round"] as? NSNumber)?.intValue == round else {
                Issue.record(
                    "round \(round): the write's event did not arrive (\(String(describing: event)))")
                break
            }
            delivered += 1
        }
        #expect(delivered == 50)
    }

    @Test func incrementsFromBothServersAreExactAndAUniqueFieldHoldsAcrossThem() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try TestAPI(sharing: url)
        let second = try TestAPI(sharing: url)
        let meta = #"{"fields":[{"name":"email","type":"email","unique":true},{"name":"n","type":"number"}]}"#
        #expect(first.request(.put, "/rest/owners/_meta", body: meta).status == .ok)
        let created = first.request(.post, "/rest/owners", body: #"{"email":"a@example.org","n":0}"#)
        let id = try #require(try created.json()["_id"]?.stringValue)

        let rounds = 40
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let api = worker % 2 == 0 ? first : second
            for _ in 0..<rounds {
                _ = api.request(.put, "/rest/owners/\(id)", body: #"{"$inc":{"n":1}}"#)
            }
        }
        let final = try second.request(.get, "/rest/owners/\(id)").json()
        #expect(final["n"] == .number(JSONNumber(4 * rounds)))
        #expect(try first.store.document(id, in: "owners").version == Int64(4 * rounds))

        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let api = worker % 2 == 0 ? first : second
            statuses.add(
                api.request(.post, "/rest/owners", body: #"{"email":"same@example.org","n":1}"#).status.code)
        }
        let all = statuses.all
        #expect(all.filter { $0 == 201 }.count == 1, "\(all)")
        #expect(all.filter { (400..<500).contains($0) }.count == 7, "\(all)")
    }

    /// The totals of a full page on `api`, from `X-Pagination` and from `totals=true`, with `query`.
    private static func totals(_ api: TestAPI, _ query: String = "") throws -> [String] {
        let header = api.request(.get, "/rest/cats?max=2\(query)").headers["X-Pagination"] ?? "none"
        let wrapped = try api.request(.get, "/rest/cats?max=2&totals=true\(query)").json()["totals"]
        return [header, wrapped?.serialized() ?? "none"]
    }

    private static func page(total: Int) -> [String] {
        let text = #"{"total":\#(total),"count":2,"skip":0,"max":2}"#
        return [text, text]
    }

    @Test func listTotalsOnEitherServerCountTheOthersWritesAtOnce() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try TestAPI(sharing: url)
        let second = try TestAPI(sharing: url)
        for name in ["Tom", "Kit", "Max"] {
            #expect(first.request(.post, "/rest/cats", body: #"{"name":"\#(name)"}"#).status == .created)
        }
        // Each server lists twice (the second page may reuse the first one's total).
        for api in [first, second, first, second] { #expect(try Self.totals(api) == Self.page(total: 3)) }

        // No waiting: the answer after a write on one server counts it on the other.
        let added = second.request(.post, "/rest/cats", body: #"{"name":"Zoe"}"#)
        #expect(added.status == .created)
        #expect(try Self.totals(first) == Self.page(total: 4))
        #expect(try Self.totals(first) == Self.page(total: 4))
        let id = try #require(try added.json()["_id"]?.stringValue)
        #expect(first.request(.delete, "/rest/cats/\(id)").status == .ok)
        #expect(try Self.totals(second) == Self.page(total: 3))
        #expect(
            first.request(.post, "/rest/cats", body: #"[{"name":"Ann"},{"name":"Bob"}]"#).status == .created)
        #expect(try Self.totals(second) == Self.page(total: 5))
        // A condition's total, too.
        let named = #"&q={"name":{"$in":["Tom","Kit","Ann"]}}"#
        #expect(try Self.totals(second, named) == Self.page(total: 3))
        let ann = try first.request(.get, #"/rest/cats?q={"name":"Ann"}"#).json()
        let annID = try #require(ann.arrayValue?.first?["_id"]?.stringValue)
        #expect(second.request(.delete, "/rest/cats/\(annID)").status == .ok)
        #expect(try Self.totals(first, named) == Self.page(total: 2))
    }
}

/// Two servers on one new database, each listening on 127.0.0.1 port 0; `stop()` ends both.
private struct TwoServers {
    let first: TestAPI
    let second: TestAPI
    let firstServer: HTTPServer
    let secondServer: HTTPServer

    init() throws {
        let url = try TemporaryPostgres.databaseURL()
        first = try TestAPI(sharing: url)
        second = try TestAPI(sharing: url)
        firstServer = try first.startServer()
        secondServer = try second.startServer()
    }

    func stop() {
        firstServer.shutdown(grace: .seconds(1))
        secondServer.shutdown(grace: .seconds(1))
    }
}

/// Status codes collected from several threads.
private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [Int] = []
    func add(_ code: Int) { lock.withLock { codes.append(code) } }
    var all: [Int] { lock.withLock { codes } }
}
