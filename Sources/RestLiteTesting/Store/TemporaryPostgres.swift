import CTestScratch
import Foundation
import PlatformSupport
import PostgresStore

#if canImport(Testing)
    import Testing
#endif

/// A throwaway PostgreSQL cluster for tests: `initdb` into a temporary folder, a server that
/// listens only on a Unix socket in that folder, one database per test (`makeDatabase()`), and
/// `pg_ctl stop -m immediate` plus the folder removed when the test process exits.
///
/// One cluster serves the whole test process (`shared()`, started at the first call). The
/// binaries are found through `RESTLITE_PG_BIN`, the `PATH`, then `/usr/lib/postgresql/*/bin`;
/// `shared()` throws `TemporaryPostgres.Unavailable` when there are none, which a test reports.
/// Run as root, the server runs as the `postgres` user (PostgreSQL refuses root).
///
/// ```swift
/// let cluster = try TemporaryPostgres.shared()
/// let url = try cluster.makeDatabase()   // "postgresql:///t1?host=/tmp/...&port=...&user=restlite"
/// ```
public final class TemporaryPostgres: @unchecked Sendable {
    /// No PostgreSQL server binaries on this machine.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    public let folder: URL
    public let port: Int
    public let binaries: URL
    private let runAs: String?
    private let lock = NSLock()
    private var databases = 0
    /// The connection `makeDatabase` and `dropDatabase` use, and the server's version; guarded
    /// by `adminLock`.
    private let adminLock = NSLock()
    private var admin: (connection: PostgresConnection, version: Int)?

    /// The socket folder (libpq's `host`).
    public var socketFolder: String { folder.path }
    private var dataFolder: String { folder.appendingPathComponent("data").path }

    nonisolated(unsafe) private static var started: Result<TemporaryPostgres, any Error>?
    private static let startLock = NSLock()

    /// The process's cluster, started at the first call.
    public static func shared() throws -> TemporaryPostgres {
        startLock.lock()
        defer { startLock.unlock() }
        if let started { return try started.get() }
        let result = Result { try TemporaryPostgres() }
        started = result
        if case .success = result { CurrentProcess.atExit { TemporaryPostgres.stopShared() } }
        return try result.get()
    }

    private static func stopShared() {
        guard case .success(let cluster) = started else { return }
        cluster.remove()
    }

    /// A new empty database of the process's cluster, for a test. Without PostgreSQL binaries
    /// the test records that plainly and fails: CI installs them (`.ci/run`), so a silent skip
    /// would hide the engine going untested.
    public static func databaseURL() throws -> String {
        do {
            return try shared().makeDatabase()
        } catch let error as Unavailable {
            #if canImport(Testing)
                Issue.record("PostgreSQL tests cannot run: \(error.description)")
            #endif
            throw error
        }
    }

    /// Sessions of the database at `url` waiting for an advisory lock (restlite's start lock,
    /// say): a test sees a process wait without sleeping.
    public static func advisoryLockWaiters(_ url: String) throws -> Int64 {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        return try connection.execute(
            """
            SELECT count(*) FROM pg_locks
            WHERE locktype = 'advisory' AND NOT granted
                AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            """
        ).int64(0, 0)
    }

    /// Makes and starts a new cluster (a few seconds).
    public init() throws {
        guard let binaries = Self.findBinaries() else {
            throw Unavailable(
                description:
                    "no PostgreSQL server binaries (initdb, pg_ctl) on PATH or in /usr/lib/postgresql/*/bin;"
                    + " install PostgreSQL (apt install postgresql) to run the PostgreSQL tests")
        }
        self.binaries = binaries
        // The test process's scratch folder on a tmpfs when it has one (CTestScratch), else /tmp
        // (not macOS's long TMPDIR: the socket's path must stay under 104 bytes).
        let base = cts_scratch_folder().map { String(cString: $0) } ?? "/tmp"
        folder = URL(fileURLWithPath: base).appendingPathComponent(
            "restlite-pg-\(UUID().uuidString.prefix(8).lowercased())")
        port = Int.random(in: 20_000...60_000)
        runAs = CurrentProcess.userID == 0 ? "postgres" : nil
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let runAs { try Self.run(URL(fileURLWithPath: "/bin/chown"), [runAs, folder.path]) }
        try pgRun(
            "initdb", ["-D", dataFolder, "-A", "trust", "-U", "restlite", "--locale=C", "-E", "UTF8", "-N"])
        try start()
    }

    /// Starts the server (again, after `stop`); returns when it accepts connections.
    public func start() throws {
        let options =
            "-k \(socketFolder) -c listen_addresses='' -p \(port) -c fsync=off -c max_connections=200"
        try pgRun(
            "pg_ctl",
            [
                "-D", dataFolder, "-o", options, "-l", folder.appendingPathComponent("server.log").path, "-w",
                "start",
            ])
    }

    /// Stops the server: `mode` is `fast` (ends sessions, clean shutdown) or `immediate`.
    public func stop(mode: String = "fast") throws {
        try pgRun("pg_ctl", ["-D", dataFolder, "-m", mode, "-w", "stop"])
    }

    /// Stops the server at once and removes the folder.
    public func remove() {
        try? stop(mode: "immediate")
        try? FileManager.default.removeItem(at: folder)
    }

    /// A new empty database; returns its URL (`postgresql:///name?host=...&port=...&user=restlite`).
    /// `CREATE DATABASE` over the cluster's one admin connection (no `createdb` process; on
    /// PostgreSQL 15 and later with `STRATEGY FILE_COPY`, which copies the small template's
    /// files instead of writing every page to the WAL): a suite that makes hundreds spends
    /// milliseconds on each.
    public func makeDatabase() throws -> String {
        let name = lock.withLock {
            databases += 1
            return "t\(databases)_\(CurrentProcess.id)"
        }
        try administer { connection, version in
            let strategy = version >= 150_000 ? " STRATEGY FILE_COPY" : ""
            try connection.execute("CREATE DATABASE \(name)\(strategy)")
        }
        return url(database: name)
    }

    /// Drops a database `makeDatabase()` made, closing its sessions (`DROP DATABASE ... WITH
    /// (FORCE)`): a suite that makes hundreds leaves neither their files nor a long removal at exit.
    public func dropDatabase(url: String) {
        guard let start = url.range(of: ":///"), let end = url.firstIndex(of: "?") else { return }
        let name = String(url[start.upperBound..<end])
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return }
        try? administer { connection, _ in
            try connection.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        }
    }

    /// Runs `body` on the admin connection (to the `postgres` database), one caller at a time,
    /// with the server's `server_version_num`. A connection the server dropped (a `stop` and
    /// `start` in between) is replaced once.
    private func administer(_ body: (PostgresConnection, Int) throws -> Void) throws {
        try adminLock.withLock {
            for attempt in 0..<2 {
                do {
                    let (connection, version) = try adminConnection()
                    try body(connection, version)
                    return
                } catch {
                    admin = nil
                    if attempt == 1 {
                        throw Unavailable(description: "PostgreSQL (\(folder.path)): \(error)")
                    }
                }
            }
        }
    }

    private func adminConnection() throws -> (PostgresConnection, Int) {
        if let admin, !admin.connection.isBroken { return admin }
        let connection = try PostgresConnection(conninfo: url(database: "postgres"), libpq: LibPQ.shared())
        let version = Int(try connection.execute("SHOW server_version_num").text(0, 0) ?? "") ?? 0
        admin = (connection, version)
        return (connection, version)
    }

    public func url(database: String) -> String {
        "postgresql:///\(database)?host=\(socketFolder)&port=\(port)&user=restlite"
    }

    private func pgRun(_ tool: String, _ arguments: [String]) throws {
        let path = binaries.appendingPathComponent(tool)
        if let runAs {
            try Self.run(
                URL(fileURLWithPath: "/usr/sbin/runuser"), ["-u", runAs, "--", path.path] + arguments)
        } else {
            try Self.run(path, arguments)
        }
    }

    /// Runs a tool to its end (bounded: each of these finishes in seconds or fails) with
    /// `ChildProcess`: Foundation's `Process` waits for a descriptor the server that
    /// `pg_ctl start` leaves running inherits, so it would wait forever. The tool (and the
    /// server it may leave running for the whole test run) inherits nothing of the test process
    /// but standard input, output and error. The output goes to a file for the error message.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("restlite-pg-tool-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(executable.path, arguments, outputPath: outputPath)
        } catch {
            throw Unavailable(description: error.description)
        }
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard outcome.succeeded else {
            throw Unavailable(
                description:
                    "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    static func findBinaries() -> URL? {
        let manager = FileManager.default
        var folders: [String] = []
        if let given = ProcessInfo.processInfo.environment["RESTLITE_PG_BIN"] { folders.append(given) }
        folders += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let versions = (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        folders += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        let needed = ["initdb", "pg_ctl"]
        for folder in folders {
            let initdb = URL(fileURLWithPath: folder).appendingPathComponent("initdb")
            guard manager.isExecutableFile(atPath: initdb.path) else { continue }
            // `initdb` on PATH may be a link into the real folder, which has the other tools.
            let resolved = initdb.resolvingSymlinksInPath().deletingLastPathComponent()
            if needed.allSatisfy({
                manager.isExecutableFile(atPath: resolved.appendingPathComponent($0).path)
            }) {
                return resolved
            }
        }
        return nil
    }
}
