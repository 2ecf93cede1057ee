import DocumentJSON
import DocumentStore
import Foundation
import PostgresStore
import RestLiteTesting
import Testing

/// The API keys of a PostgreSQL database, end to end: `restlite keys --database`, `restlite
/// migrate` carrying keys both ways, and two `restlite serve` processes on one database that
/// both honour a key added from the command line.
@Suite(.offPool) struct SharedKeysCLITests {
    private static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-keys-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// The keys kept in the database, read with SQL.
    private static func storedKeys(_ url: String) throws -> [String] {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let rows = try connection.execute("SELECT key FROM restlite_keys ORDER BY position")
        return (0..<rows.count).compactMap { rows.text($0, 0) }
    }

    private static func request(_ path: String, port: Int, key: String) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        defer { client.close() }
        try client.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n")
        return try client.readResponse()
    }

    /// Polls `condition` every 20 ms until it holds or `limit` has passed; true when it held.
    private static func within(_ limit: Duration, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + limit
        while try !condition() {
            if ContinuousClock.now >= deadline { return false }
            usleep(20_000)
        }
        return true
    }

    @Test func keysListAddAndRemoveWorkOnTheDatabase() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()
        let key = "5d9f48133cbe87164d4d0a3b"

        let added = try binary.run(
            ["keys", "add", "--database", url, "--key", key, "--methods", "GET", "--note", "course app"],
            in: root)
        #expect(added.status == 0, "\(added.stderr)")
        let output = String(decoding: added.stdout, as: UTF8.self)
        #expect(output.hasSuffix("\(key)\n") && output.contains("the database"), "\(output)")
        #expect(try Self.storedKeys(url) == [key])
        // No keys.json was written anywhere.
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("data/keys.json").path))

        let listed = try binary.run(["keys", "list", "--database", url], in: root)
        #expect(listed.status == 0, "\(listed.stderr)")
        let line = String(decoding: listed.stdout, as: UTF8.self)
        #expect(line.contains("\(key)  scoped  methods GET") && line.contains("(course app)"), "\(line)")

        let twice = try binary.run(["keys", "add", "--database", url, "--key", key], in: root)
        #expect(twice.status != 0 && twice.stderr.contains("already in the database"), "\(twice.stderr)")

        #expect(try binary.run(["keys", "remove", "--database", url, key], in: root).status == 0)
        #expect(try Self.storedKeys(url).isEmpty)
        let again = try binary.run(["keys", "remove", "--database", url, key], in: root)
        #expect(again.status != 0 && again.stderr.contains("no such key"), "\(again.stderr)")
    }

    /// Whether restlite's tables are in the database at `url`.
    private static func hasTables(_ url: String) throws -> Bool {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        return try connection.execute("SELECT to_regclass('restlite_collections') IS NOT NULL").text(0, 0)
            == "t"
    }

    @Test func keysOnAnEmptyDatabaseWaitForAStartInProgressThenBothAddTheirKey() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()
        let keys = ["0d0d0d0d0d0d0d0d0d0d0d0d", "0e0e0e0e0e0e0e0e0e0e0e0e"]

        // As a first start on the database would (before it makes and seeds restlite's tables).
        let held = try PostgresStartLock(url: url)
        let outcomes = ThreadResults<(status: Int32, stdout: Data, stderr: String)>()
        for (index, key) in keys.enumerated() {
            Thread {
                outcomes.record(
                    index,
                    Result { try binary.run(["keys", "add", "--database", url, "--key", key], in: root) })
            }.start()
        }
        // Both wait for the start lock, having made nothing.
        #expect(try Self.within(.seconds(30)) { try TemporaryPostgres.advisoryLockWaiters(url) >= 2 })
        #expect(outcomes.finished == 0)
        #expect(try !Self.hasTables(url))
        held.release()
        for _ in keys { _ = outcomes.done.wait(timeout: .now() + .seconds(60)) }
        for index in keys.indices {
            let result = try #require(outcomes.result(index)).get()
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try Self.storedKeys(url).sorted() == keys)
        #expect(try Self.hasTables(url))
    }

    @Test func migrateCarriesTheKeysToTheDatabaseAndBack() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        do {
            let store = try DocumentStore(path: data.appendingPathComponent("restlite.sqlite").path)
            _ = try store.insert(["name": .string("Tom")], into: "cats")
        }
        let binary = try RestliteBinary()
        let scoped = "0a0a0a0a0a0a0a0a0a0a0a0a"
        let full = "0b0b0b0b0b0b0b0b0b0b0b0b"
        for arguments in [["--key", scoped, "--methods", "GET", "--path", "/cats/**"], ["--key", full]] {
            #expect(try binary.run(["keys", "add", "--data-dir", "data"] + arguments, in: root).status == 0)
        }
        let url = try TemporaryPostgres.databaseURL()

        let there = try binary.run(["migrate", "--from", "data", "--to", url], in: root)
        #expect(there.status == 0, "\(there.stderr)")
        #expect(String(decoding: there.stdout, as: UTF8.self).contains("keys: 2 keys copied and compared"))
        #expect(try Self.storedKeys(url) == [scoped, full])
        let listed = String(
            decoding: try binary.run(["keys", "list", "--database", url], in: root).stdout, as: UTF8.self)
        #expect(listed.contains("\(scoped)  scoped  methods GET  path /cats/**"), "\(listed)")

        // One more key in the database, then back into a new folder: its keys.json has all three.
        let third = "0c0c0c0c0c0c0c0c0c0c0c0c"
        #expect(try binary.run(["keys", "add", "--database", url, "--key", third], in: root).status == 0)
        let back = try binary.run(["migrate", "--from", url, "--to", "copy"], in: root)
        #expect(back.status == 0, "\(back.stderr)")
        let copied = try binary.run(["keys", "list", "--data-dir", "copy"], in: root)
        let lines = String(decoding: copied.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.map { String($0.prefix(24)) } == [scoped, full, third], "\(lines)")
        #expect(lines.first?.contains("path /cats/**") == true)
    }

    @Test func twoServeProcessesOnOneDatabaseHonourAKeyAddedFromTheCommandLine() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()
        let first = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "p1", "--database", url], in: root)
        let second = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "p2", "--database", url, "--no-seed"],
            in: root)
        // The first start created one full-access key in the database; the second uses it.
        #expect(first.key == second.key)
        #expect(try Self.storedKeys(url) == [first.key])

        let added = try binary.run(["keys", "add", "--database", url, "--methods", "GET"], in: root)
        #expect(added.status == 0, "\(added.stderr)")
        let key = try #require(String(decoding: added.stdout, as: UTF8.self).split(separator: "\n").last)
        for server in [first, second] {
            #expect(
                try Self.within(.seconds(1)) {
                    try Self.request("/rest/a3cats?max=1", port: server.port, key: String(key)).status == 200
                })
        }
        #expect(try binary.run(["keys", "remove", "--database", url, String(key)], in: root).status == 0)
        for server in [first, second] {
            #expect(
                try Self.within(.seconds(1)) {
                    try Self.request("/rest/a3cats?max=1", port: server.port, key: String(key)).status == 403
                })
        }
        #expect(first.terminate() == 0 && second.terminate() == 0)
    }
}
