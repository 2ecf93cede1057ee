import Console
import DocumentJSON
import DocumentStore
import Foundation
import MediaArchive
import PostgresStore
import RestDBAPI
import RestLiteAdmin
import ServerAssembly
import SocketHTTP

/// A restlite API on a fresh temporary data folder, for tests: call it in-process with
/// `request(...)`, or start a real server on 127.0.0.1 port 0 with `startServer()`. The folder
/// goes when the `TestAPI` does (or earlier with `remove()`), so a test that stops at a failed
/// `#require` leaves nothing behind; a test whose server outlives its last use of the `TestAPI`
/// keeps it alive with `defer { server.shutdown(...); api.remove() }`.
///
/// ```swift
/// let api = try TestAPI()
/// let response = api.request(.get, "/rest/a3cats", headers: ["x-apikey": TestAPI.fullKey])
/// ```
public final class TestAPI: Sendable {
    /// A full-access key every `TestAPI` accepts.
    public static let fullKey = "0123456789abcdef01234567"

    /// The engines the API suites run on.
    public enum Engine: String, Sendable {
        case sqlite
        case postgres
    }

    /// The engine every `TestAPI` of this test process uses: `RESTLITE_TEST_ENGINE=postgres`
    /// runs the API suites on PostgreSQL (a new database per `TestAPI` on the process's
    /// `TemporaryPostgres` cluster); SQLite otherwise. Tests of what only one engine has say
    /// so with `.enabled(if: TestAPI.engine == .sqlite)` and the reason.
    public static let engine: Engine =
        ProcessInfo.processInfo.environment["RESTLITE_TEST_ENGINE"].flatMap(Engine.init(rawValue:)) ?? .sqlite

    public let folder: DataFolder
    /// The PostgreSQL database of this API (`engine == .postgres`), dropped by `remove()`.
    private let databaseURL: String?
    /// The documents: the folder's SQLite file, or a PostgreSQL database (`engine`).
    public let store: any DocumentEngine
    /// The store as SQLite, for tests of what only that engine has (indexes, snapshots).
    public var sqliteStore: DocumentStore {
        get throws {
            guard let store = store as? DocumentStore else {
                throw TemporaryPostgres.Unavailable(description: "this test needs the SQLite engine")
            }
            return store
        }
    }
    public let keys: KeyRing
    /// What `RestliteApplication.build` assembled, as `restlite serve` builds it: the same
    /// middleware in the same order, with the admin routes, the console and the stand-ins.
    public let application: RestliteApplication
    public var api: RestAPI { application.api }
    public var responder: FrozenRouter { application.responder }
    /// The `/_restlite/` admin routes; their start snapshot is the empty store (seed first,
    /// then build a `TestAPI` of your own to reset to it). nil when `configure` turns them off.
    public var admin: RestLiteAdmin? { application.admin }
    /// The media archive, in the folder's `media/` (in the database on PostgreSQL); `admin`'s
    /// reset resets it too.
    public let media: MediaStore
    /// The web console; nil when `configure` turns it off.
    public var console: Console? { application.console }

    /// `configure` changes the `restlite serve` settings the API is built with; they start as
    /// a quiet server on 127.0.0.1 port 0 with this API's data folder. With `sharing`, the
    /// documents are in that PostgreSQL database (another `TestAPI` may share it, as two
    /// processes do; it is not dropped), whatever `engine` says.
    public init(
        sharing sharedDatabase: String? = nil, strict: Bool = false,
        adminOptions: RestLiteAdmin.Options = .init(),
        realtime: RealtimeHub.Settings = .init(), configure: (inout ServeConfiguration) -> Void = { _ in }
    ) throws {
        folder = DataFolder(path: NSTemporaryDirectory() + "restlite-api-\(UUID().uuidString)")
        try folder.create()
        switch sharedDatabase == nil ? Self.engine : .postgres {
        case .postgres where sharedDatabase != nil:
            databaseURL = nil
            store = try PostgresEngine(url: sharedDatabase ?? "")
        case .sqlite:
            store = try DocumentStore(path: folder.databaseURL.path)
            databaseURL = nil
        case .postgres:
            let url = try TemporaryPostgres.shared().makeDatabase()
            databaseURL = url
            store = try PostgresEngine(url: url)
        }
        // Servers sharing a database share its keys, as `restlite serve` processes do.
        let source: any KeySource =
            if sharedDatabase != nil, let shared = store as? any SharedEngine {
                DatabaseKeySource(table: shared.keyTable)
            } else {
                KeyFileSource(url: folder.keysURL)
            }
        keys = try KeyRing(source: source, fullAccessKeys: [Self.fullKey], recheckInterval: .zero)
        // Where `restlite serve` keeps them: in the database on PostgreSQL, else in the folder.
        if let engine = store as? PostgresEngine {
            media = try MediaStore(storage: engine.mediaStorage())
        } else {
            media = try MediaStore(directory: folder.mediaURL.path)
        }
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.quiet = true
        configuration.strict = strict
        configuration.dataDirectory = folder.url.path
        configure(&configuration)
        application = try RestliteApplication.build(
            configuration, store: store, keys: keys, media: media,
            tuning: .init(adminOptions: adminOptions, realtime: realtime, logErrors: false))
    }

    deinit { remove() }

    /// Deletes the temporary data folder, and on PostgreSQL the database (again harmless).
    public func remove() {
        try? FileManager.default.removeItem(at: folder.url)
        if let databaseURL, let cluster = try? TemporaryPostgres.shared() {
            cluster.dropDatabase(url: databaseURL)
        }
    }

    /// Runs one request in-process through the frozen router, with the full key unless
    /// `headers` says otherwise (pass `"x-apikey": ""` to send none).
    public func request(
        _ method: HTTPMethod, _ target: String, headers: [String: String] = [:], body: String = ""
    ) -> HTTPResponse {
        var fields = HTTPHeaders()
        if headers["x-apikey"] == nil { fields.set("x-apikey", Self.fullKey) }
        for (name, value) in headers where !value.isEmpty { fields.set(name, value) }
        let request = HTTPRequest(
            method: method, target: target, headers: fields, body: Array(body.utf8), requestID: "test")
        return responder.respond(to: request)
    }

    /// Runs one request with a binary body in-process, with the full key unless `headers`
    /// says otherwise (pass `"x-apikey": ""` to send none).
    public func request(
        _ method: HTTPMethod, _ target: String, headers: [String: String] = [:], bytes: [UInt8]
    ) -> HTTPResponse {
        var fields = HTTPHeaders()
        if headers["x-apikey"] == nil { fields.set("x-apikey", Self.fullKey) }
        for (name, value) in headers where !value.isEmpty { fields.set(name, value) }
        let request = HTTPRequest(
            method: method, target: target, headers: fields, body: bytes, requestID: "test")
        return responder.respond(to: request)
    }

    /// Starts a real server for this API on a free loopback port, with the HTTP settings
    /// `serve` uses (limits, timeouts, error answers); `configure` may shorten them. Stop it
    /// with `shutdown`.
    public func startServer(configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws
        -> HTTPServer
    {
        var http = application.httpConfiguration
        configure(&http)
        let server = HTTPServer(configuration: http, responder: responder)
        try server.start()
        return server
    }

    /// Inserts cats shaped like the course's Mockaroo rows and returns their ids in order.
    @discardableResult
    public func seedCats(_ count: Int = 5, collection: String = "a3cats") throws -> [String] {
        let schema = CollectionSchema(fields: [
            FieldSchema(name: "catName", type: .text), FieldSchema(name: "ownerName", type: .text),
            FieldSchema(name: "breedId", type: .text), FieldSchema(name: "birthDate", type: .date),
            FieldSchema(name: "weightKg", type: .floatNumber), FieldSchema(name: "rating", type: .number),
            FieldSchema(name: "photoUrl", type: .text),
        ])
        if (try? store.schema(of: collection)) == nil { try store.setSchema(schema, for: collection) }
        let cats: [JSONObject] = (0..<count).map { index in
            [
                "catName": .string("Felis catus \(index)"), "ownerName": .string("Owner O'Neil \(index)"),
                "breedId": .string(["abys", "beng", "sibe"][index % 3]),
                "birthDate": .string("201\(index % 10)-06-01T12:00:00Z"),
                "weightKg": .number(JSONNumber(validatedText: "\(2 + index % 3).5\(index % 10)")),
                "rating": .number(JSONNumber(index % 5 + 1)),
                "photoUrl": .string("http://dummyimage.com/100x100.png/dddddd/000000"),
            ]
        }
        return try store.insertMany(cats, into: collection).map(\.id)
    }
}

extension HTTPResponse {
    /// The body parsed as JSON (tests only).
    public func json() throws -> JSONValue {
        try JSON.parse(body)
    }
}
