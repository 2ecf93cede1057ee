import DocumentJSON
import DocumentStore
import RestDBAPI
import RestLiteAdmin
import RestLiteTesting
import ServerAssembly
import SocketHTTP
import Testing

@Suite struct AdminRouteTests {
    static let adminRoutes: [(HTTPMethod, String)] = [
        (.post, "/_restlite/reset"), (.get, "/_restlite/snapshots"), (.post, "/_restlite/snapshots/a"),
        (.post, "/_restlite/snapshots/a/restore"), (.delete, "/_restlite/snapshots/a"),
        (.get, "/_restlite/journal"), (.delete, "/_restlite/journal"), (.get, "/_restlite/faults"),
        (.post, "/_restlite/faults"), (.delete, "/_restlite/faults"), (.delete, "/_restlite/faults/f1"),
    ]

    @Test func everyAdminRouteNeedsAFullAccessKey() throws {
        let api = try TestAPI()
        defer { api.remove() }
        _ = try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "scopedkey0000000000000001", methods: ["GET"])
        for (method, path) in Self.adminRoutes {
            let none = api.request(method, path, headers: ["x-apikey": ""])
            #expect(none.status.code == 401, "\(method) \(path)")
            #expect(try none.json()["name"] == "Unauthorized")
            let scoped = api.request(method, path, headers: ["x-apikey": "scopedkey0000000000000001"])
            #expect(scoped.status.code == 403, "\(method) \(path)")
            let unknown = api.request(method, path, headers: ["x-apikey": "nosuchkey000000000000000"])
            #expect(unknown.status.code == 403, "\(method) \(path)")
        }
    }

    @Test func resetReturnsToTheStartData() throws {
        let api = try TestAPI()
        defer { api.remove() }
        // The start snapshot of this TestAPI is the empty store; seed, then take it again, as
        // `serve` does after its seed.
        let ids = try api.seedCats(3)
        try #require(api.admin).captureStartState()
        let responder = api.responder
        let key: HTTPHeaders = ["x-apikey": TestAPI.fullKey]
        _ = try api.store.delete(ids[0], from: "a3cats")
        _ = try api.store.insert(["catName": "New"], into: "a3cats")
        _ = try api.store.insert(["x": 1], into: "other")
        let answer = responder.respond(
            to: HTTPRequest(method: .post, target: "/_restlite/reset", headers: key))
        #expect(answer.status == .ok)
        #expect(try answer.json()["documents"] == 3)
        #expect(api.store.collectionNames() == ["a3cats"])
        let list = responder.respond(to: HTTPRequest(method: .get, target: "/rest/a3cats", headers: key))
        let listed = try list.json().arrayValue?.compactMap { $0["_id"]?.stringValue }
        #expect(listed.map(Set.init) == Set(ids))
    }

    @Test func snapshotsSaveListRestoreAndDelete() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let ids = try api.seedCats(2)
        let saved = api.request(.post, "/_restlite/snapshots/two-cats")
        #expect(saved.status == .created)
        #expect(try saved.json()["documents"] == 2 && saved.json()["name"] == "two-cats")
        _ = api.request(.delete, "/rest/a3cats/\(ids[0])")
        _ = api.request(.post, "/rest/a3cats", body: #"{"catName":"Later"}"#)
        let listed = try api.request(.get, "/_restlite/snapshots").json().arrayValue ?? []
        #expect(listed.count == 1 && listed[0]["name"] == "two-cats" && listed[0]["documents"] == 2)
        #expect(listed[0]["created"]?.stringValue?.hasSuffix("Z") == true)

        #expect(api.request(.post, "/_restlite/snapshots/two-cats/restore").status == .ok)
        let cats = try api.request(.get, "/rest/a3cats").json().arrayValue ?? []
        #expect(Set(cats.compactMap { $0["_id"]?.stringValue }) == Set(ids))
        // The start snapshot (empty) is still what reset goes back to.
        #expect(api.request(.post, "/_restlite/reset").status == .ok)
        #expect(api.store.collectionNames().isEmpty)

        #expect(api.request(.delete, "/_restlite/snapshots/two-cats").status == .ok)
        #expect(api.request(.delete, "/_restlite/snapshots/two-cats").status == .notFound)
        #expect(api.request(.post, "/_restlite/snapshots/two-cats/restore").status == .notFound)
        #expect(try api.request(.get, "/_restlite/snapshots").json().arrayValue?.isEmpty == true)
        #expect(api.request(.post, "/_restlite/snapshots/bad%20name").status == .badRequest)
    }

    @Test func journalRecordsMasksFiltersAndClears() throws {
        let api = try TestAPI(
            adminOptions: {
                var options = RestLiteAdmin.Options()
                options.journalBodyLimit = 16
                return options
            }())
        defer { api.remove() }
        try api.seedCats(1)
        _ = api.request(.get, "/rest/a3cats?apikey=\(TestAPI.fullKey)&max=1")
        _ = api.request(.post, "/rest/a3cats", body: #"{"catName":"A very long name indeed"}"#)
        _ = api.request(.get, "/rest/nothere", headers: ["Authorization": "Bearer \(TestAPI.fullKey)"])
        _ = api.request(.get, "/_restlite/snapshots")  // not journaled
        let all = try api.request(.get, "/_restlite/journal").json().arrayValue ?? []
        #expect(all.count == 3)
        #expect(all[0]["method"] == "GET" && all[0]["path"] == "/rest/a3cats" && all[0]["status"] == 200)
        #expect(all[0]["query"]?.stringValue == "apikey=****4567&max=1")
        #expect(all[0]["headers"]?["x-apikey"] == "****4567")
        #expect(all[1]["status"] == 201 && all[1]["bodyTruncated"] == true)
        #expect(all[1]["body"]?.stringValue == #"{"catName":"A ve"#)
        #expect(all[2]["status"] == 404 && all[2]["headers"]?["authorization"] == "****4567")
        #expect(
            all.allSatisfy {
                ($0["ms"]?.numberValue?.doubleValue ?? -1) >= 0 && $0["time"]?.stringValue != nil
            })

        let posts = try api.request(.get, "/_restlite/journal?method=post").json().arrayValue ?? []
        #expect(posts.count == 1)
        let glob = try api.request(.get, "/_restlite/journal?path=/rest/a3*").json().arrayValue ?? []
        #expect(glob.count == 2)
        let missing = try api.request(.get, "/_restlite/journal?status=4xx").json().arrayValue ?? []
        #expect(missing.count == 1 && missing[0]["path"] == "/rest/nothere")
        #expect(try api.request(.get, "/_restlite/journal?status=201").json().arrayValue?.count == 1)
        #expect(api.request(.get, "/_restlite/journal?status=abc").status == .badRequest)

        #expect(try api.request(.delete, "/_restlite/journal").json()["cleared"] == 3)
        #expect(try api.request(.get, "/_restlite/journal").json().arrayValue?.isEmpty == true)
    }

    @Test func journalIsBoundedAndCanBeOff() throws {
        var options = RestLiteAdmin.Options()
        options.journalSize = 2
        let api = try TestAPI(adminOptions: options)
        defer { api.remove() }
        for index in 0..<5 { _ = api.request(.get, "/rest/c\(index)") }
        let kept = try api.request(.get, "/_restlite/journal").json().arrayValue ?? []
        #expect(kept.compactMap { $0["path"]?.stringValue } == ["/rest/c3", "/rest/c4"])
        #expect(kept.compactMap { $0["seq"]?.numberValue?.int64Value } == [4, 5])

        options.journalSize = 0
        let off = try TestAPI(adminOptions: options)
        defer { off.remove() }
        _ = off.request(.get, "/rest/c0")
        #expect(try off.request(.get, "/_restlite/journal").json().arrayValue?.isEmpty == true)
    }

    @Test func faultRulesAnswerStatusesCountUsesAndAreRemoved() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        let added = api.request(
            .post, "/_restlite/faults",
            body:
                #"{"method":"GET","path":"/rest/a3cats*","action":"status","status":503,"message":"down","times":2}"#
        )
        #expect(added.status == .created)
        #expect(try added.json()["id"] == "f1" && added.json()["remaining"] == 2)
        let hit = api.request(.get, "/rest/a3cats")
        #expect(hit.status.code == 503)
        #expect(try hit.json() == .object(["name": "InternalError", "message": "down", "status": 503]))
        // Another method: no fault.
        #expect(api.request(.post, "/rest/a3cats", body: #"{"catName":"x"}"#).status == .created)
        #expect(try api.request(.get, "/_restlite/faults").json().arrayValue?.first?["remaining"] == 1)
        #expect(api.request(.get, "/rest/a3cats?q={}").status.code == 503)
        #expect(api.request(.get, "/rest/a3cats").status == .ok)  // used up
        // The journal saw the faulted answers.
        let journaled = try api.request(.get, "/_restlite/journal?status=503").json().arrayValue ?? []
        #expect(journaled.count == 2)

        _ = api.request(
            .post, "/_restlite/faults",
            body: #"{"path":"/rest/*","query":"max=","action":"status","status":429}"#)
        _ = api.request(
            .post, "/_restlite/faults",
            body: #"{"id":"hdr","path":"*","header":"x-test=boom","action":"status","status":418}"#)
        #expect(api.request(.get, "/rest/a3cats?max=2").status.code == 429)
        #expect(api.request(.get, "/rest/a3cats").status == .ok)
        #expect(api.request(.get, "/rest/a3cats", headers: ["X-Test": "boom"]).status.code == 418)
        // Admin routes are never faulted.
        #expect(api.request(.get, "/_restlite/faults", headers: ["X-Test": "boom"]).status == .ok)
        #expect(api.request(.delete, "/_restlite/faults/hdr").status == .ok)
        #expect(api.request(.delete, "/_restlite/faults/hdr").status == .notFound)
        #expect(try api.request(.delete, "/_restlite/faults").json()["removed"] == 2)
        #expect(api.request(.get, "/rest/a3cats?max=2").status == .ok)
    }

    @Test func theJournalAndTheFaultRulesSayTheyConcernThisProcessOnly() throws {
        let api = try TestAPI()
        defer { api.remove() }
        _ = api.request(.get, "/rest/c0")
        let entry = try api.request(.get, "/_restlite/journal").json().arrayValue?.first
        #expect(entry?["scope"] == "process")
        let added = try api.request(.post, "/_restlite/faults", body: #"{"path":"/x","action":"drop"}"#)
            .json()
        #expect(added["scope"] == "process")
        #expect(try api.request(.get, "/_restlite/faults").json().arrayValue?.first?["scope"] == "process")
        #expect(try api.request(.delete, "/_restlite/faults/f1").json()["scope"] == "process")
        #expect(try api.request(.delete, "/_restlite/faults").json()["scope"] == "process")
        #expect(try api.request(.delete, "/_restlite/journal").json()["scope"] == "process")
        // The admin index (the page a browser gets) says so beside each of these routes.
        let index = String(
            decoding: api.request(.get, "/_restlite", headers: ["Accept": "text/html"]).body, as: UTF8.self)
        #expect(index.contains("The last requests this process answered"), "\(index.prefix(400))")
        #expect(index.contains("The fault rules in force on this process"))
    }

    @Test func badFaultRulesAreRefusedWithTheReason() throws {
        let api = try TestAPI()
        defer { api.remove() }
        for body in [
            "not json", #"{"action":"explode"}"#, #"{"action":"status","status":99}"#,
            #"{"action":"drop","probability":2}"#, #"{"action":"drop","colour":"red"}"#,
            #"{"action":"delay","header":"nothing"}"#,
        ] {
            let answer = api.request(.post, "/_restlite/faults", body: body)
            #expect(answer.status == .badRequest, "\(body)")
            #expect(try answer.json()["message"]?.stringValue?.isEmpty == false)
        }
    }

    @Test func probabilityDrawsRepeatWithTheSameSeed() throws {
        func pattern(seed: UInt64) throws -> [Int] {
            var options = RestLiteAdmin.Options()
            options.faultSeed = seed
            options.faults = [
                try JSON.parse(#"{"path":"/rest/*","action":"status","status":500,"probability":0.5}"#)
            ]
            let api = try TestAPI(adminOptions: options)
            defer { api.remove() }
            return (0..<40).map { _ in api.request(.get, "/rest/a3cats").status.code }
        }
        let first = try pattern(seed: 42)
        #expect(first == (try pattern(seed: 42)))
        #expect(first.contains(500) && first.contains(404))
        #expect(first != (try pattern(seed: 43)))
    }

    @Test func globsMatchLikePathsDo() {
        #expect(Glob("/rest/a3cats/*").matches("/rest/a3cats/123"))
        #expect(Glob("/rest/a3cats/*").matches("/rest/a3cats/1/2"))
        #expect(!Glob("/rest/a3cats/*").matches("/rest/a3cats"))
        #expect(Glob("/rest/a?cats").matches("/rest/a3cats"))
        #expect(Glob("*").matches(""))
        #expect(!Glob("/rest").matches("/rest/x"))
    }
}
