import Foundation
import PostgresStore
import RestLiteTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Processes that make or drop restlite's tables in one PostgreSQL database take turns (its
/// start lock, `PostgresStartLock`): two `restlite serve` started at once on an empty database
/// seed it once, and an import waits while another process starts.
@Suite(.offPool) struct SharedStartCLITests {
    private static func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-start-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// The documents of a3cats and the collections, read with SQL.
    private static func stored(_ url: String) throws -> (collections: [String], cats: Int64) {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let names = try connection.execute("SELECT name FROM restlite_collections ORDER BY name")
        let id = try connection.execute("SELECT id FROM restlite_collections WHERE name = 'a3cats'")
        guard id.count == 1 else { return ((0..<names.count).compactMap { names.text($0, 0) }, 0) }
        let cats = try connection.execute("SELECT count(*) FROM docs_\(id.int64(0, 0))").int64(0, 0)
        return ((0..<names.count).compactMap { names.text($0, 0) }, cats)
    }

    private static func status(_ path: String, port: Int, key: String) throws -> Int {
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        defer { client.close() }
        try client.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n")
        return try client.readResponse().status
    }

    /// `restlite serve` in `count` data folders on `url`, all spawned at once, each from a
    /// thread of its own (so they race whatever else the test process runs); waits for every
    /// banner (each bounded by `ServerProcess`'s minute).
    private static func startAtOnce(_ count: Int, _ binary: RestliteBinary, _ url: String, in root: URL)
        throws
        -> [ServerProcess]
    {
        let starts = ThreadResults<ServerProcess>()
        for index in 0..<count {
            Thread {
                starts.record(
                    index,
                    Result {
                        try ServerProcess(
                            binary: binary,
                            arguments: ["--port", "0", "--data-dir", "p\(index)", "--database", url],
                            in: root)
                    })
            }.start()
        }
        for _ in 0..<count { _ = starts.done.wait(timeout: .now() + .seconds(90)) }
        return try (0..<count).map { index in
            guard let result = starts.result(index) else {
                throw ServerProcess.Failure(description: "no start")
            }
            return try result.get()
        }
    }

    @Test func twoServersStartedAtOnceOnAnEmptyDatabaseBothComeUpAndTheSeedIsThereOnce() throws {
        let binary = try RestliteBinary()
        for round in 0..<3 {
            let root = try Self.folder()
            defer { try? FileManager.default.removeItem(at: root) }
            let url = try TemporaryPostgres.databaseURL()
            let servers = try Self.startAtOnce(2, binary, url, in: root)
            let (collections, cats) = try Self.stored(url)
            #expect(collections == ["a3cats"] && cats == 100, "round \(round): \(collections), \(cats) cats")
            let seeded = servers.filter { $0.banner.contains("imported 100 documents") }
            #expect(seeded.count == 1, "round \(round): \(servers.map(\.banner))")
            // One full-access key, made by the first start; both answer with it.
            #expect(servers[0].key == servers[1].key)
            for server in servers {
                #expect(try Self.status("/rest/a3cats?max=1", port: server.port, key: server.key) == 200)
            }
            for server in servers { #expect(server.terminate() == 0, "\(server.standardError)") }
        }
    }

    @Test func anImportWaitsWhileAnotherProcessHoldsTheStartLock() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()
        let file = root.appendingPathComponent("dogs.json")
        try Data(#"[{"name":"Rex"},{"name":"Fido"}]"#.utf8).write(to: file)

        // As a process starting on the database would.
        let held = try PostgresStartLock(url: url)
        let finished = DispatchSemaphore(value: 0)
        let exit = Exit()
        Thread {
            exit.status = try? binary.run(
                ["import", file.path, "--collection", "dogs", "--database", url], in: root
            ).status
            finished.signal()
        }.start()
        let deadline = ContinuousClock.now + .seconds(30)
        while try TemporaryPostgres.advisoryLockWaiters(url) == 0 && ContinuousClock.now < deadline {
            usleep(20_000)
        }
        #expect(try TemporaryPostgres.advisoryLockWaiters(url) == 1)
        #expect(exit.status == nil)
        held.release()
        #expect(finished.wait(timeout: .now() + .seconds(60)) == .success)
        #expect(exit.status == 0)
        #expect(try Self.stored(url).collections == ["dogs"])
    }
}

/// The exit status a thread saw.
private final class Exit: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int32?
    var status: Int32? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
