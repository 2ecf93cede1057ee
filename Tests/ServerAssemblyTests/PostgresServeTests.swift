import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import PostgresStore
@testable import RestDBAPI
@testable import ServerAssembly

/// `restlite serve --database postgres://...`: the documents and keys in PostgreSQL, media and
/// the lock in the data folder; the same seed, routes and answers as on SQLite.
@Suite(.offPool) struct PostgresServeTests {
    private func configuration(database: String, _ edit: (inout ServeConfiguration) -> Void = { _ in })
        -> ServeConfiguration
    {
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.quiet = true
        configuration.databaseURL = database
        configuration.dataDirectory = NSTemporaryDirectory() + "restlite-pgserve-\(UUID().uuidString)"
        edit(&configuration)
        return configuration
    }

    private func request(
        _ server: RestliteServer, _ method: HTTPMethod, _ target: String, body: String = "",
        key: String = TestAPI.fullKey
    ) -> HTTPResponse {
        server.responder.respond(
            to: HTTPRequest(
                method: method, target: target, headers: ["x-apikey": key], body: Array(body.utf8)))
    }

    @Test func aNewDatabaseIsSeededAndKeepsTheKeysTheFolderOnlyTheLock() async throws {
        let settings = configuration(database: try TemporaryPostgres.databaseURL())
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        #expect(server.store is PostgresEngine)
        #expect(try server.store.count(in: "a3cats") == 100)
        let types = try #require(try server.store.schema(of: "a3cats")).fields.map { "\($0.name):\($0.type)" }
        #expect(types.contains("birthDate:date") && types.contains("weightKg:floatNumber"))
        let folder = DataFolder(path: settings.dataDirectory)
        #expect(!FileManager.default.fileExists(atPath: folder.databaseURL.path))
        // The first start's full-access key is the database's; no keys.json is written.
        #expect(!FileManager.default.fileExists(atPath: folder.keysURL.path))
        let keys = try #require(server.keys.source).load()
        #expect(keys.count == 1 && keys[0].full)
        #expect(server.keys.source is DatabaseKeySource)
        #expect(server.notes.contains { $0.contains("created a full-access key in the database") })
        let banner = server.banner().text
        #expect(banner.contains("collections: a3cats (100)"))
        #expect(banner.contains("database: postgresql:///"))
        #expect(server.notes.contains { $0.contains("imported 100 documents into a3cats") })
    }

    @Test func theFirstStartCopiesKeysJSONAndTheAPIKeyIntoTheDatabaseAndLaterStartsCopyNothing() async throws
    {
        let url = try TemporaryPostgres.databaseURL()
        let settings = configuration(database: url) { $0.apiKeys = [TestAPI.fullKey] }
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let scoped = "5c0bed5c0bed5c0bed5c0bed"
        try KeyFile.addKey(
            inDataFolder: URL(fileURLWithPath: settings.dataDirectory), key: scoped, methods: ["GET"])
        var first: RestliteServer? = try await RestliteServer.open(settings)
        let stored = try #require(first?.keys.source).load()
        #expect(stored.map(\.key) == [scoped, TestAPI.fullKey])
        #expect(stored.map(\.full) == [false, true])
        first = nil

        // Another folder with a keys.json of its own, no --apikey: the database's keys hold.
        let other = configuration(database: url)
        defer { try? FileManager.default.removeItem(atPath: other.dataDirectory) }
        let ignored = "1a0e1a0e1a0e1a0e1a0e1a0e"
        try KeyFile.addKey(inDataFolder: URL(fileURLWithPath: other.dataDirectory), key: ignored)
        let second = try await RestliteServer.open(other)
        #expect(try #require(second.keys.source).load().map(\.key) == [scoped, TestAPI.fullKey])
        #expect(request(second, .get, "/rest/a3cats?max=1", key: scoped).status == .ok)
        #expect(request(second, .post, "/rest/a3cats", body: "{}", key: scoped).status == .forbidden)
        #expect(request(second, .get, "/rest/a3cats?max=1", key: TestAPI.fullKey).status == .ok)
        #expect(request(second, .get, "/rest/a3cats?max=1", key: ignored).status == .forbidden)
    }

    @Test func aSecondStartOnTheSameDatabaseKeepsTheDataAndDoesNotSeedAgain() async throws {
        let url = try TemporaryPostgres.databaseURL()
        let settings = configuration(database: url) { $0.apiKeys = [TestAPI.fullKey] }
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        var first: RestliteServer? = try await RestliteServer.open(settings)
        let list = try #require(first.map { request($0, .get, "/rest/a3cats?max=1") })
        let id = try #require(try list.json().arrayValue?.first?["_id"]?.stringValue)
        #expect(first.map { request($0, .delete, "/rest/a3cats/\(id)").status } == .ok)
        first = nil
        // Another data folder, the same database: the documents are the database's.
        let other = configuration(database: url) { $0.apiKeys = [TestAPI.fullKey] }
        defer { try? FileManager.default.removeItem(atPath: other.dataDirectory) }
        let second = try await RestliteServer.open(other)
        #expect(try second.store.count(in: "a3cats") == 99)
        #expect(!second.notes.contains { $0.contains("imported") })
        #expect(request(second, .get, "/rest/a3cats/\(id)").status == .notFound)
    }

    /// A start on the database at `url` whose seed file is broken, so it fails after opening.
    private func failFirstStart(_ url: String) async throws {
        let broken = NSTemporaryDirectory() + "restlite-broken-seed-\(UUID().uuidString).json"
        try Data("[{\"catName\": \"Tom\"}, {\"catName\": ".utf8).write(to: URL(fileURLWithPath: broken))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let failing = configuration(database: url) { $0.seedFile = broken }
        defer { try? FileManager.default.removeItem(atPath: failing.dataDirectory) }
        do {
            _ = try await RestliteServer.openAndStart(failing)
            Issue.record("a broken seed file started a server")
        } catch {}
    }

    /// restlite's tables, functions and types in the database at `url`.
    private static func restliteObjects(_ url: String) throws -> [String] {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let rows = try connection.execute(
            """
            SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
            UNION ALL SELECT proname::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = current_schema()
            UNION ALL SELECT typname::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                WHERE n.nspname = current_schema() AND t.typtype = 'c' AND typname NOT IN
                    (SELECT tablename FROM pg_tables WHERE schemaname = current_schema())
            """)
        return (0..<rows.count).compactMap { rows.text($0, 0) }.sorted()
    }

    @Test func aFailedFirstSeedLeavesTheDatabaseEmptyAndTheNextStartSeeds() async throws {
        let url = try TemporaryPostgres.databaseURL()
        try await failFirstStart(url)
        #expect(try Self.restliteObjects(url) == [])

        let settings = configuration(database: url)
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        #expect(
            server.notes.contains { $0.contains("imported 100 documents into a3cats") }, "\(server.notes)")
        #expect(try server.store.count(in: "a3cats") == 100)
        #expect(try Self.restliteObjects(url).contains("restlite_collections"))
    }

    /// `restlite keys add --database` on an empty database makes restlite's tables and stores
    /// the key; the first `serve` still seeds it and keeps that key (making no other). A first
    /// start there that fails leaves the key and the next start seeds.
    @Test func keysAddedBeforeTheFirstStartStayAndTheDatabaseIsStillSeeded() async throws {
        let url = try TemporaryPostgres.databaseURL()
        let mine = "7e7e7e7e7e7e7e7e7e7e7e7e"
        let early = try PostgresEngine(url: url)
        try DatabaseKeySource(table: early.keyTable).add(
            try KeyFile.makeKey(key: mine, full: true, note: "added before the first start"))
        #expect(try early.awaitsFirstStart())

        try await failFirstStart(url)
        #expect(try early.awaitsFirstStart())

        let settings = configuration(database: url)
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        #expect(try server.store.count(in: "a3cats") == 100)
        #expect(try #require(server.keys.source).load().map(\.key) == [mine])
        #expect(!server.notes.contains { $0.contains("created a full-access key") }, "\(server.notes)")
        #expect(try !early.awaitsFirstStart())
    }

    /// A server on a new database with `TestAPI.fullKey`, listening; the caller stops it and
    /// removes its data folder.
    private func startedWithTheTestKey() async throws -> (
        server: RestliteServer, port: Int, settings: ServeConfiguration
    ) {
        let settings = configuration(database: try TemporaryPostgres.databaseURL()) {
            $0.apiKeys = [TestAPI.fullKey]
        }
        let server = try await RestliteServer.open(settings)
        return (server, try server.start(), settings)
    }

    /// On PostgreSQL the HTTP server counts the requests in its handlers, and a statement of a
    /// request that is the only one waits for its answer on the CPU (`BusyWait`).
    @Test func aLoneRequestsStatementsWaitForTheirAnswerOnTheCPU() async throws {
        let (server, port, settings) = try await startedWithTheTestKey()
        defer {
            server.http.shutdown(grace: .seconds(1))
            try? FileManager.default.removeItem(atPath: settings.dataDirectory)
        }
        let gauge = try #require(server.http.configuration.handlerGauge)
        let engine = try #require(server.store as? PostgresEngine)
        let before = engine.pool.idleBusyWaits
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        for _ in 0..<6 {
            try client.send(
                "GET /rest/a3cats?max=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        #expect(gauge.count == 0)
        // The requests came one at a time, so each found its handler alone.
        #expect(engine.pool.idleBusyWaits > before)
    }

    @Test func restdbRoutesAnswerOverARealSocket() async throws {
        let (server, port, settings) = try await startedWithTheTestKey()
        defer {
            server.http.shutdown(grace: .seconds(1))
            try? FileManager.default.removeItem(atPath: settings.dataDirectory)
        }
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        let body = #"{"catName":"Tom","rating":5}"#
        try client.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let created = try client.readResponse()
        #expect(created.status == 201)
        let document = try JSON.parse(Array(created.bodyString.utf8))
        let id = try #require(document["_id"]?.stringValue)
        #expect(document["_version"] == .number(JSONNumber(0)))
        let update = #"{"rating":4}"#
        try client.send(
            "PUT /rest/a3cats/\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(update.utf8.count)\r\n\r\n\(update)")
        let updated = try JSON.parse(Array(try client.readResponse().bodyString.utf8))
        #expect(updated["rating"] == .number(JSONNumber(4)) && updated["catName"] == .string("Tom"))
        let query = #"{"catName":"Tom"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        try client.send(
            "GET /rest/a3cats?q=\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n\r\n")
        let found = try JSON.parse(Array(try client.readResponse().bodyString.utf8)).arrayValue ?? []
        #expect(found.count == 1 && found.first?["_id"]?.stringValue == id)
        try client.send(
            "DELETE /rest/a3cats/\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(try server.store.count(in: "a3cats") == 100)
    }

    @Test func resetAndNamedSnapshotsBringBackDocumentsSchemasAndIndexes() async throws {
        let settings = configuration(database: try TemporaryPostgres.databaseURL()) {
            $0.apiKeys = [TestAPI.fullKey]
        }
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        let first = try #require(
            try request(server, .get, "/rest/a3cats?max=1").json().arrayValue?.first)
        let id = try #require(first["_id"]?.stringValue)
        #expect(request(server, .delete, "/rest/a3cats/\(id)").status == .ok)
        #expect(request(server, .post, "/rest/dogs", body: #"{"a":1}"#).status == .created)
        _ = try server.store.createIndex(collection: "dogs", path: "a")
        #expect(request(server, .post, "/_restlite/snapshots/before").status == .created)
        #expect(request(server, .post, "/rest/dogs", body: #"{"a":2}"#).status == .created)

        let restored = request(server, .post, "/_restlite/snapshots/before/restore")
        #expect(restored.status == .ok, "\(restored.bodyString)")
        #expect(try server.store.count(in: "dogs") == 1)
        #expect(try server.store.count(in: "a3cats") == 99)
        // A new collection after the restore gets an id the restored ones do not have.
        #expect(request(server, .post, "/rest/birds", body: #"{"b":1}"#).status == .created)
        #expect(try server.store.count(in: "dogs") == 1)

        let reset = request(server, .post, "/_restlite/reset")
        #expect(reset.status == .ok, "\(reset.bodyString)")
        #expect(server.store.collectionNames() == ["a3cats"])
        #expect(try server.store.count(in: "a3cats") == 100)
        let back = try request(server, .get, "/rest/a3cats/\(id)").json()
        // The same document, system fields and all.
        #expect(back == first)
        #expect(try server.store.schema(of: "a3cats")?.fields.map(\.name).contains("birthDate") == true)
        #expect(try request(server, .get, "/_restlite/journal?path=/rest/*").json().arrayValue?.count == 6)
    }

    @Test func settingsAreCheckedAndAnUnreachableDatabaseSaysSo() async throws {
        var flags = ServeOverrides()
        flags.database = "postgres://app@127.0.0.1:5432/restlite"
        #expect(try ServeConfiguration.resolve(flags, environment: [:]).databaseURL == flags.database)
        let fromEnvironment = try ServeConfiguration.resolve(
            ServeOverrides(), environment: ["RESTLITE_DATABASE_URL": "postgresql:///db?host=/tmp"])
        #expect(fromEnvironment.databaseURL == "postgresql:///db?host=/tmp")
        #expect(try ServeConfiguration.resolve(ServeOverrides(), environment: [:]).databaseURL == nil)
        for bad in ["mysql://x/y", "./data/restlite.sqlite", "postgres:/db"] {
            #expect(throws: ServeError.self) {
                try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_DATABASE_URL": bad])
            }
        }
        flags.memory = true
        #expect(throws: ServeError.self) { try ServeConfiguration.resolve(flags, environment: [:]) }
        // Nothing listens on this socket folder: the start fails with the reason, password hidden.
        let settings = configuration(
            database: "postgresql://app:s3cret@/restlite?host=/nonexistent-restlite&connect_timeout=2")
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        do {
            _ = try await RestliteServer.open(settings)
            Issue.record("an unreachable database opened")
        } catch let error as ServeError {
            let message = "\(error)"
            #expect(message.contains("cannot reach PostgreSQL"), "\(message)")
            #expect(message.contains("app:***@") && !message.contains("s3cret"), "\(message)")
        }
    }

    /// The automatic indexes' policy is the same as on SQLite; `--no-auto-index` turns it off.
    @Test func serveIndexesByItselfOnPostgreSQLUnlessTheFlagSaysNo() throws {
        let url = try TemporaryPostgres.databaseURL()
        let on = try StoreOpening.openPostgres(url, configuration(database: url))
        #expect(on.autoIndexer?.policy.slowRead == AutoIndexPolicy().slowRead)
        #expect(on.autoIndexer?.policy.slowReadsBeforeIndex == AutoIndexPolicy().slowReadsBeforeIndex)
        let off = try StoreOpening.openPostgres(url, configuration(database: url) { $0.autoIndex = false })
        #expect(off.autoIndexer == nil)
    }

    @Test func passwordsAreHiddenWhereverTheURLIsShown() {
        #expect(
            PostgresURL.redacted("postgres://app:secret@db:5432/restlite")
                == "postgres://app:***@db:5432/restlite")
        #expect(PostgresURL.redacted("postgres://app@db/restlite") == "postgres://app@db/restlite")
        #expect(
            PostgresURL.redacted("postgresql:///db?host=/tmp&password=x&user=a")
                == "postgresql:///db?host=/tmp&password=***&user=a")
        #expect(PostgresURL.redacted("postgres://a:b@c@d/e") == "postgres://a:***@d/e")
    }
}
