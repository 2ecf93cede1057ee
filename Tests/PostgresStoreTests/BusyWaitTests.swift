import DocumentQuery
import Foundation
import PlatformSupport
import RestLiteTesting
import Testing

@testable import PostgresStore

/// How often a `BusyWait` was asked, and what it answers.
private final class WaitLog: @unchecked Sendable {
    private let lock = PosixCondition()
    private var asked = 0
    private var allowed: Bool

    init(allowed: Bool) { self.allowed = allowed }

    var count: Int { lock.withLock { asked } }

    func set(_ value: Bool) { lock.withLock { allowed = value } }

    func ask() -> Bool {
        lock.withLock {
            asked += 1
            return allowed
        }
    }

    func busyWait(limit: Duration = .microseconds(100)) -> BusyWait {
        BusyWait(limit: limit) { self.ask() }
    }
}

/// A statement of the request path whose answer is waited for on the CPU (`BusyWait`) gives
/// the rows and errors `PQexecPrepared` gives, and leaves the connection ready for the next.
@Suite("PostgreSQL busy wait", .offPool)
struct BusyWaitTests {
    private static func connection(_ log: WaitLog, limit: Duration = .microseconds(100)) throws
        -> PostgresConnection
    {
        try PostgresConnection(
            conninfo: try TemporaryPostgres.databaseURL(), libpq: try LibPQ.shared(),
            busyWait: log.busyWait(limit: limit))
    }

    @Test func rowsAndErrorsAreThoseOfAPlainRun() throws {
        let log = WaitLog(allowed: true)
        let connection = try Self.connection(log)
        let sql = "SELECT ? * 2 AS doubled, 'text ' || ? AS label"
        // The first run of a statement is not prepared; from the second on it is, and waited for.
        for value in Int64(1)...4 {
            let rows = try connection.executePrepared(sql, [.integer(value), .text("n\(value)")])
            #expect(rows.count == 1)
            #expect(rows.int64(0, 0) == value * 2)
            #expect(rows.text(0, 1) == "text n\(value)")
        }
        #expect(log.count > 0)
        let asked = log.count

        // A statement that fails on the server: its error, and the connection still works.
        let division = "SELECT 1 / ?::int"
        _ = try connection.executePrepared(division, [.integer(1)])
        let failure = #expect(throws: PostgresError.self) {
            try connection.executePrepared(division, [.integer(0)])
        }
        #expect(failure?.sqlState == "22012")
        #expect(try connection.executePrepared(division, [.integer(1)]).int64(0, 0) == 1)
        #expect(log.count > asked)

        // Not allowed: the plain run, the same rows.
        log.set(false)
        #expect(try connection.executePrepared(sql, [.integer(5), .text("n5")]).int64(0, 0) == 10)
    }

    /// An answer that takes longer than the limit is waited for in `poll(2)` after it.
    @Test func anAnswerSlowerThanTheLimitIsStillRead() throws {
        let log = WaitLog(allowed: true)
        let connection = try Self.connection(log, limit: .microseconds(50))
        let sql = "SELECT pg_sleep(?::float8 / 1000), 'slept'"
        for _ in 0..<3 {
            #expect(try connection.executePrepared(sql, [.integer(20)]).text(0, 1) == "slept")
        }
    }

    /// The backend ends while a statement is waited for: a connection failure, as without.
    @Test func aBackendThatEndsIsAConnectionFailure() throws {
        let log = WaitLog(allowed: true)
        let connection = try Self.connection(log)
        let pidSQL = "SELECT pg_backend_pid()"
        _ = try connection.executePrepared(pidSQL)
        let pid = try connection.executePrepared(pidSQL).int64(0, 0)
        let other = try PostgresConnection(
            conninfo: try TemporaryPostgres.databaseURL(), libpq: try LibPQ.shared())
        _ = try other.execute("SELECT pg_terminate_backend(?::int)", [.integer(pid)])
        let failure = #expect(throws: PostgresError.self) { try connection.executePrepared(pidSQL) }
        #expect(failure?.isConnectionFailure == true)
    }
}
