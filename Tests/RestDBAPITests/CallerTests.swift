import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI

/// The caller is resolved once, by the key check, and travels with the request.
@Suite struct CallerTests {
    static let scoped = APIKey(
        key: "scopedscopedscopedscoped", full: false, methods: ["GET"], path: "/a3cats/**")

    /// A key file holding `scoped`, and `TestAPI.fullKey` given as on the command line.
    static func ring() throws -> KeyRing {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caller-\(UUID()).json")
        try KeyFile(keys: [scoped]).save(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try KeyRing(file: file, fullAccessKeys: [TestAPI.fullKey])
    }

    /// The callers a route saw, in order.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var callers: [Caller?] = []
        func append(_ caller: Caller?) { lock.withLock { callers.append(caller) } }
        var all: [Caller?] { lock.withLock { callers } }
    }

    /// A router with `GET /rest/probe`, which records the caller it is handed, behind the key check.
    static func probe(_ keys: KeyRing, _ seen: Seen) -> FrozenRouter {
        var router = Router()
        router.get("/rest/probe") { request in
            seen.append(request.caller)
            return .json(.ok, "{}")
        }
        router.use(KeyMiddleware(keys: keys))
        return router.freeze()
    }

    @Test func aKeyResolvesToItsCaller() throws {
        let keys = try Self.ring()
        #expect(keys.caller(presenting: nil).credential == .none)
        #expect(keys.caller(presenting: "").credential == .none)
        #expect(keys.caller(presenting: "nope").credential == .unknown)
        let full = keys.caller(presenting: TestAPI.fullKey)
        #expect(full.hasFullAccess && full.channel == .request)
        let scoped = keys.caller(presenting: Self.scoped.key)
        #expect(scoped.key == Self.scoped && !scoped.hasFullAccess)
        #expect(scoped.decision(method: "GET", path: "/a3cats/1", origin: nil) == .allowed)
        #expect(scoped.decision(method: "PUT", path: "/a3cats/1", origin: nil) == .outOfScope)
        #expect(scoped.scopeRefusal(method: "PUT", path: "/a3cats/1", origin: nil) != nil)
        #expect(keys.caller(presenting: "nope").decision(method: "GET", path: "/", origin: nil) == .unknown)
    }

    /// The key check attaches the caller to the request the routes see, in the head pass and
    /// the full pass; a caller a middleware outside it attached (a console session) is taken as
    /// it is, not read again from headers.
    @Test func theKeyCheckHandsTheCallerToTheRoutes() throws {
        let keys = try Self.ring()
        let seen = Seen()
        let responder = Self.probe(keys, seen)
        let keyed = responder.respond(
            to: HTTPRequest(method: .get, target: "/rest/probe", headers: ["x-apikey": TestAPI.fullKey]))
        #expect(keyed.status == .ok)
        #expect(seen.all.last??.hasFullAccess == true)

        var session = HTTPRequest(method: .get, target: "/rest/probe")
        session.attributes[Caller.self] = keys.caller(presenting: TestAPI.fullKey, via: .consoleSession)
        #expect(responder.respond(to: session).status == .ok)
        #expect(seen.all.last??.channel == .consoleSession)

        let bearer = HTTPRequest(
            method: .get, target: "/rest/probe", headers: ["Authorization": "Bearer \(Self.scoped.key)"])
        #expect(responder.respond(to: bearer).status == .forbidden)
        #expect(responder.respondBeforeBody(to: bearer)?.status == .forbidden)
        #expect(seen.all.count == 2)
    }

    /// Each worker's replica of the router checks keys with copies of its own (strings that no
    /// other worker's requests retain), made again when the keys change: a key added is
    /// accepted by the replica's next request and a key removed refused, as by the shared
    /// router.
    @Test func aWorkersKeyCheckUsesKeysOfItsOwnAndSeesEachReload() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("caller-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let first = APIKey(key: "firstfirstfirstfirstfirst", full: true)
        let second = APIKey(key: "secondsecondsecondsecond", full: false, methods: ["GET"])
        try KeyFile(keys: [first]).save(to: file)
        let keys = try KeyRing(file: file, recheckInterval: .seconds(3600))
        let seen = Seen()
        let shared = Self.probe(keys, seen)
        let replica = shared.replica()
        func status(_ responder: any HTTPResponder, _ key: String) -> HTTPStatus {
            responder.respond(
                to: HTTPRequest(method: .get, target: "/rest/probe", headers: ["x-apikey": key])
            ).status
        }

        #expect(status(replica, first.key) == .ok)
        let copied = try #require(seen.all.last??.key)
        #expect(copied == first)
        var copiedKey = copied.key
        var ringKey = keys.keys[0].key
        let ownStorage = copiedKey.withUTF8 { mine in
            ringKey.withUTF8 { ring in mine.baseAddress != ring.baseAddress }
        }
        #expect(ownStorage, "the replica's caller holds the ring's own string")
        #expect(status(replica, second.key) == .forbidden)

        try KeyFile(keys: [second]).save(to: file)
        try keys.reload()
        for responder in [replica, shared] {
            #expect(status(responder, second.key) == .ok)
            #expect(seen.all.last??.key == second && seen.all.last??.hasFullAccess == false)
            #expect(status(responder, first.key) == .forbidden)
            #expect(status(responder, "") == .unauthorized)
        }
    }
}
