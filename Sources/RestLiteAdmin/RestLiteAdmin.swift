import DocumentJSON
import DocumentStore
import PlatformSupport
import SocketHTTP

/// Routes under `/_restlite/` that make a server a test target: reset to the start-up data,
/// named snapshots, a journal of the last requests, and fault rules. Mounted on the REST
/// router (`RouterMount`); every admin route needs a full-access key.
///
/// ```swift
/// let admin = try RestLiteAdmin(store: store, options: .init(), authorize: { _ in .allowed },
///     errorResponse: { status, message in .json(HTTPStatus(code: status), "...") })
/// let responder = api.makeResponder(mounts: [admin])
/// ```
public final class RestLiteAdmin: RouterMount {
    public struct Options: Sendable {
        /// Requests kept in the journal; 0 keeps none.
        public var journalSize = 1000
        /// Bytes of a request body kept in the journal.
        public var journalBodyLimit = 64 * 1024
        /// Seed of the fault rules' draws (rules may bring their own).
        public var faultSeed: UInt64?
        /// Fault rules in force from the start, as JSON objects.
        public var faults: [JSONValue] = []
        /// Where the admin routes live.
        public var basePath = "/_restlite"
        /// Run by `reset` after the store is back at its start, for data the store does not
        /// hold (the media archive); each returns a name and a count for the answer, such as
        /// `("media", 3)`.
        public var resetHooks: [@Sendable () throws -> (String, Int)] = []
        /// What named snapshots keep beside the store (the media archive): `capture` runs when
        /// a snapshot is saved, `restore` with its value when it is restored and answers a count
        /// for the answer under `name`.
        public var snapshotHooks: [SnapshotHook] = []

        public init() {}
    }

    /// What the key check says about an admin request.
    public enum Access: Sendable {
        case allowed
        /// No key: 401.
        case missing
        /// An unknown or scoped key: 403.
        case forbidden
    }

    public let store: any DocumentEngine
    public let options: Options
    public let journal: RequestJournal
    public let faults: FaultTable
    let shelf: SnapshotShelf
    let authorize: @Sendable (HTTPRequest) -> Access
    let errorResponse: @Sendable (Int, String) -> HTTPResponse

    /// Takes the start snapshot (what `reset` returns to) and loads `options.faults`.
    public init(
        store: any DocumentEngine, options: Options = Options(),
        authorize: @escaping @Sendable (HTTPRequest) -> Access,
        errorResponse: @escaping @Sendable (Int, String) -> HTTPResponse
    ) throws {
        self.store = store
        self.options = options
        self.authorize = authorize
        self.errorResponse = errorResponse
        journal = RequestJournal(capacity: options.journalSize, bodyLimit: options.journalBodyLimit)
        faults = FaultTable(seed: options.faultSeed)
        for rule in options.faults { try faults.add(json: rule) }
        shelf = SnapshotShelf(start: try (store as? any SnapshottingEngine)?.captureSnapshot())
    }

    /// The store as one that keeps snapshots; an engine that cannot answers 501.
    private func snapshotting() throws -> any SnapshottingEngine {
        guard let engine = store as? any SnapshottingEngine else {
            throw AdminFailure(
                501,
                "This server's storage engine keeps no snapshots: reset and named snapshots need the "
                    + "SQLite engine (serve without --database); the journal and fault rules work.")
        }
        return engine
    }

    /// Takes the start snapshot again: for a server that seeds its store after building its
    /// routes (it binds its port first, so a seed can name that port).
    public func captureStartState() throws {
        shelf.replaceStart(try (store as? any SnapshottingEngine)?.captureSnapshot())
    }

    public var outerMiddleware: [any HTTPMiddleware] {
        var list: [any HTTPMiddleware] = []
        if journal.capacity > 0 {
            list.append(JournalMiddleware(journal: journal, adminPrefix: options.basePath))
        }
        list.append(
            FaultMiddleware(faults: faults, adminPrefix: options.basePath, errorResponse: errorResponse))
        return list
    }

    public func addRoutes(to router: inout Router) {
        let base = options.basePath
        router.post("\(base)/reset") { request in self.guarded(request) { try self.reset() } }
        router.get("\(base)/snapshots") { request in self.guarded(request) { self.listSnapshots() } }
        router.post("\(base)/snapshots/:name") { request in
            self.guarded(request) { try self.saveSnapshot(request.pathParameters["name"] ?? "") }
        }
        router.post("\(base)/snapshots/:name/restore") { request in
            self.guarded(request) { try self.restoreSnapshot(request.pathParameters["name"] ?? "") }
        }
        router.delete("\(base)/snapshots/:name") { request in
            self.guarded(request) { try self.deleteSnapshot(request.pathParameters["name"] ?? "") }
        }
        router.get("\(base)/journal") { request in self.guarded(request) { try self.listJournal(request) } }
        router.delete("\(base)/journal") { request in
            self.guarded(request) {
                Self.object(.ok, ["cleared": .number(JSONNumber(self.journal.clear())), "scope": "process"])
            }
        }
        router.get("\(base)/faults") { request in
            self.guarded(request) { Self.json(.ok, .array(self.faults.listing())) }
        }
        router.post("\(base)/faults") { request in self.guarded(request) { try self.addFault(request) } }
        router.delete("\(base)/faults") { request in
            self.guarded(request) {
                Self.object(
                    .ok, ["removed": .number(JSONNumber(self.faults.removeAll())), "scope": "process"])
            }
        }
        router.delete("\(base)/faults/:id") { request in
            self.guarded(request) {
                let id = request.pathParameters["id"] ?? ""
                guard self.faults.remove(id: id) else {
                    throw AdminFailure(404, "No fault rule has the id '\(id)'.")
                }
                return Self.object(.ok, ["removed": .string(id), "scope": "process"])
            }
        }
    }

    /// The first path segment of the admin routes' `prefix` (nil for `/`): requests starting
    /// with it are neither journaled nor faulted (the middleware's `scope` leaves them out).
    static func firstSegment(of prefix: String) -> String? {
        let segment = prefix.split(separator: "/", omittingEmptySubsequences: true).first
        return segment.map(String.init)
    }

    // MARK: Handlers

    private func guarded(_ request: HTTPRequest, _ body: () throws -> HTTPResponse) -> HTTPResponse {
        switch authorize(request) {
        case .missing:
            return errorResponse(
                401, "Admin routes need a full-access API key; send it in the x-apikey header.")
        case .forbidden:
            return errorResponse(
                403, "Admin routes need a full-access API key; this key is unknown or scoped.")
        case .allowed:
            do {
                return try body()
            } catch let failure as AdminFailure {
                return errorResponse(failure.status, failure.message)
            } catch {
                return errorResponse(500, "The admin request failed: \(error)")
            }
        }
    }

    private func reset() throws -> HTTPResponse {
        let clock = ContinuousClock()
        let started = clock.now
        let engine = try snapshotting()
        guard let start = shelf.start else { throw AdminFailure(500, "The start-up snapshot is missing.") }
        try engine.restoreSnapshot(start)
        let extras = try options.resetHooks.map { hook in try hook() }
        let elapsed = JournalMiddleware.milliseconds(clock.now - started)
        var answer: JSONObject = ["reset": true, "documents": .number(JSONNumber(start.documentCount))]
        for (name, count) in extras { answer[name] = .number(JSONNumber(count)) }
        answer["ms"] = .number(JSONNumber((elapsed * 100).rounded() / 100))
        return Self.json(.ok, .object(answer))
    }

    private func listSnapshots() -> HTTPResponse {
        Self.json(.ok, .array(shelf.list().map { Self.describe($0.name, $0.entry) }))
    }

    private func saveSnapshot(_ name: String) throws -> HTTPResponse {
        try Self.validate(name)
        let entry = SnapshotShelf.Entry(
            snapshot: try snapshotting().captureSnapshot(), created: ISODate.nowMilliseconds(),
            extras: try options.snapshotHooks.map { try $0.capture() })
        shelf.put(name, entry)
        return Self.json(.created, Self.describe(name, entry))
    }

    private func restoreSnapshot(_ name: String) throws -> HTTPResponse {
        let engine = try snapshotting()
        guard let entry = shelf.get(name) else { throw AdminFailure(404, "No snapshot is named '\(name)'.") }
        try engine.restoreSnapshot(entry.snapshot)
        var answer = Self.describe(name, entry)
        if case .object(var object) = answer {
            for (hook, value) in zip(options.snapshotHooks, entry.extras) {
                object[hook.name] = .number(JSONNumber(try hook.restore(value)))
            }
            answer = .object(object)
        }
        return Self.json(.ok, answer)
    }

    private func deleteSnapshot(_ name: String) throws -> HTTPResponse {
        guard shelf.remove(name) else { throw AdminFailure(404, "No snapshot is named '\(name)'.") }
        return Self.object(.ok, ["deleted": .string(name)])
    }

    private func listJournal(_ request: HTTPRequest) throws -> HTTPResponse {
        var filter = RequestJournal.Filter()
        filter.method = request.queryValue("method").flatMap { $0.isEmpty ? nil : $0 }
        filter.path = request.queryValue("path").flatMap { $0.isEmpty ? nil : Glob($0) }
        if let status = request.queryValue("status"), !status.isEmpty {
            let valid =
                status.count == 3
                && status.enumerated().allSatisfy { index, character in
                    character.isASCII && (character.isNumber || (index > 0 && character.lowercased() == "x"))
                }
            guard valid else {
                throw AdminFailure(400, "status must be a code such as 404 or a class such as 4xx.")
            }
            filter.status = status
        }
        return Self.json(.ok, .array(journal.entries(filter).map(\.json)))
    }

    private func addFault(_ request: HTTPRequest) throws -> HTTPResponse {
        let body: JSONValue
        do { body = try JSON.parse(request.body) } catch {
            throw AdminFailure(400, "The body must be a JSON fault rule: \(error)")
        }
        do {
            let rule = try faults.add(json: body)
            return Self.json(.created, faults.listing(rule.id) ?? .null)
        } catch {
            throw AdminFailure(400, error.message)
        }
    }

    // MARK: Helpers

    static func validate(_ name: String) throws {
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.".unicodeScalars.contains(scalar))
        }
        guard !name.isEmpty, name.count <= 64, allowed else {
            throw AdminFailure(400, "A snapshot name is 1 to 64 letters, digits, '-', '_' or '.'.")
        }
    }

    static func describe(_ name: String, _ entry: SnapshotShelf.Entry) -> JSONValue {
        .object(
            JSONObject([
                ("name", .string(name)), ("created", .string(ISODate.format(milliseconds: entry.created))),
                ("documents", .number(JSONNumber(entry.snapshot.documentCount))),
                ("collections", .number(JSONNumber(entry.snapshot.collectionCount))),
            ]))
    }

    static func json(_ status: HTTPStatus, _ value: JSONValue) -> HTTPResponse {
        var bytes: [UInt8] = []
        value.write(to: &bytes)
        return .json(status, bytes)
    }

    static func object(_ status: HTTPStatus, _ pairs: KeyValuePairs<String, JSONValue>) -> HTTPResponse {
        json(status, .object(JSONObject(pairs.map { ($0.key, $0.value) })))
    }
}

/// An admin request that cannot be done, with its status.
struct AdminFailure: Error {
    let status: Int
    let message: String
    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// The named snapshots, and the one taken at start-up.
final class SnapshotShelf: @unchecked Sendable {
    struct Entry: Sendable {
        let snapshot: StoreSnapshot
        let created: Int64
        /// One value per `Options.snapshotHooks` entry, in order.
        var extras: [any Sendable] = []
    }

    // Guarded by `lock`.
    private let lock = PosixCondition()
    private var startSnapshot: StoreSnapshot?
    private var named: [String: Entry] = [:]

    init(start: StoreSnapshot?) { startSnapshot = start }

    /// What `reset` returns to; nil on an engine without snapshots.
    var start: StoreSnapshot? { lock.withLock { startSnapshot } }

    func replaceStart(_ snapshot: StoreSnapshot?) { lock.withLock { startSnapshot = snapshot } }

    func put(_ name: String, _ entry: Entry) { lock.withLock { named[name] = entry } }
    func get(_ name: String) -> Entry? { lock.withLock { named[name] } }
    func remove(_ name: String) -> Bool { lock.withLock { named.removeValue(forKey: name) != nil } }
    func list() -> [(name: String, entry: Entry)] {
        lock.withLock { named.sorted { $0.key < $1.key }.map { (name: $0.key, entry: $0.value) } }
    }
}

/// Something a named snapshot keeps beside the store's documents (the media archive's files).
public struct SnapshotHook: Sendable {
    /// The key of the count in the restore answer (`"media"`).
    public var name: String
    public var capture: @Sendable () throws -> any Sendable
    /// Brings back what `capture` returned; answers a count for the answer.
    public var restore: @Sendable (any Sendable) throws -> Int

    public init(
        name: String, capture: @escaping @Sendable () throws -> any Sendable,
        restore: @escaping @Sendable (any Sendable) throws -> Int
    ) {
        self.name = name
        self.capture = capture
        self.restore = restore
    }
}
