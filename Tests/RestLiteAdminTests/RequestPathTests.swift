import Dispatch
import DocumentJSON
import Foundation
import RestDBAPI
import RestLiteAdmin
import RestLiteTesting
import ServerAssembly
import SocketHTTP
import Testing

/// What the admin's layers cost a plain request, and that they still act: the fault table is
/// read without a lock while no rule is set, and the router runs the journal, the fault table
/// and the console's layers only for the paths they concern.
@Suite struct RequestPathTests {
    /// With no rule the table is one atomic load; a rule added while requests run applies to
    /// the next request that starts after `add` returned, on every thread.
    @Test func aFaultRuleAddedWhileRequestsRunAppliesToTheNextRequest() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        let faults = try #require(api.admin).faults
        #expect(!faults.hasRules)
        let responder = api.responder
        let get = HTTPRequest(
            method: .get, target: "/rest/a3cats", headers: ["x-apikey": TestAPI.fullKey], requestID: "t")
        let seen = Statuses()
        // Two threads keep requesting until the rule shows (bounded), while this one adds it.
        let others = DispatchGroup()
        for _ in 0..<2 {
            others.enter()
            Thread {
                defer { others.leave() }
                for _ in 0..<20_000 {
                    let code = responder.respond(to: get).status.code
                    if code == 503 {
                        seen.add("other thread: 503")
                        return
                    }
                    if code != 200 { seen.add("other thread: \(code)") }
                }
                seen.add("other thread: never saw the rule")
            }.start()
        }
        for _ in 0..<50 { _ = responder.respond(to: get) }
        do {
            try faults.add(json: ["path": "/rest/*", "action": "status", "status": 503])
        } catch { seen.add("add failed: \(error.message)") }
        seen.add("next request: \(responder.respond(to: get).status.code)")
        #expect(others.wait(timeout: .now() + 60) == .success)
        #expect(seen.values == ["next request: 503", "other thread: 503"])
        #expect(faults.hasRules)
        #expect(faults.removeAll() == 1)
        #expect(!faults.hasRules)
        #expect(responder.respond(to: get).status == .ok)
    }

    /// The chain `serve` assembles, as each kind of path meets it: a `/rest` request skips the
    /// console's page; the journal and the fault table skip `/_restlite`; the console's session
    /// layer runs only where a session may stand for a key.
    @Test func eachPathMeetsOnlyTheLayersThatCanApplyToIt() throws {
        let api = try TestAPI()
        defer { api.remove() }
        func layers(_ first: String?) -> [String] {
            api.responder.middleware(for: first).map { String(describing: type(of: $0)) }
        }
        let common = [
            "CORSMiddleware", "ErrorMiddleware", "MethodOverrideMiddleware", "KeyMiddleware",
        ]
        let outer = layers("rest").prefix { !common.contains($0) }
        #expect(layers("rest").suffix(4) == ArraySlice(common))
        #expect(outer.contains("JournalMiddleware") && outer.contains("FaultMiddleware"))
        #expect(outer.contains("ConsoleSessionMiddleware"))
        #expect(!outer.contains("ConsolePageMiddleware"))
        #expect(!layers("_restlite").contains("JournalMiddleware"))
        #expect(!layers("_restlite").contains("FaultMiddleware"))
        #expect(layers("_restlite").contains("ConsoleSessionMiddleware"))
        #expect(layers("_console").contains("ConsolePageMiddleware"))
        #expect(!layers("_console").contains("JournalMiddleware"))
        #expect(layers(nil).contains("ConsolePageMiddleware"))
        #expect(!layers("thecatapi").contains("ConsoleSessionMiddleware"))
        #expect(!layers("thecatapi").contains("ConsolePageMiddleware"))
        #expect(layers("thecatapi").contains("JournalMiddleware"))
        // And they still act where they apply: a console page for `/`, the journal for `/rest`.
        let page = api.request(.get, "/", headers: ["Accept": "text/html"])
        #expect(page.headers["X-Frame-Options"] == "DENY")
        _ = api.request(.get, "/rest/a3cats")
        let journal = try api.request(.get, "/_restlite/journal").json().arrayValue ?? []
        #expect(journal.map { $0["path"]?.stringValue } == ["/", "/rest/a3cats"])
    }
}

/// What the threads of a test saw, distinct values only.
private final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: Set<String> = []

    func add(_ value: String) { lock.withLock { _ = seen.insert(value) } }
    var values: [String] { lock.withLock { seen.sorted() } }
}
