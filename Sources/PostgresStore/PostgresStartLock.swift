import DocumentStore
import PlatformSupport

/// The lock around whatever makes or drops restlite's tables in a database, so that several
/// processes on it take turns: a first start (it finds no tables, makes them and seeds them,
/// or drops them again when the seed fails), `restlite import|reset --database`, and a reset
/// or a snapshot restored (`restoreSnapshot`, which drops every documents table).
///
/// A PostgreSQL advisory lock on `key`. A start or a command holds it at session level, on a
/// connection of its own, from before it looks for restlite's tables until it is done (its
/// seed or its clean-up included), through any number of transactions on the engine's pool;
/// `restoreSnapshot` takes it at transaction level. The second of two processes starting at
/// once on an empty database waits here, then finds the tables (and the seed) the first made,
/// so it neither seeds again nor drops the first one's tables when something of its own fails.
/// A process that dies holding it releases it with its connection.
///
/// Whoever holds it must not take it again on another connection (PostgreSQL would wait for
/// itself): a holder's own work through the engine (seeding, importing, `removeEverything`)
/// never takes it; `restoreSnapshot` does, and is not called by a holder.
///
/// `@unchecked Sendable`: `connection` is only touched under `lock`.
public final class PostgresStartLock: @unchecked Sendable {
    /// Any fixed number, the same in every restlite process, apart from the setup lock.
    static let key: Int64 = 0x7265_7374_7374_7274
    /// How long a start waits for another one before it gives up (`lock_timeout`).
    static let patience = "60s"

    private let lock = PosixCondition()
    private var connection: PostgresConnection?

    /// Connects to the database at `url` and waits (at most a minute) until no other process
    /// holds the lock; throws when the database cannot be reached or the wait ran out. An
    /// unreachable server is `StoreUnavailable`, as for the engine.
    public init(url: String) throws {
        let connection = try Self.connect(url)
        try connection.execute("SET lock_timeout = '\(Self.patience)'")
        do {
            try Self.take(connection)
        } catch let error as PostgresError where error.sqlState == "55P03" {
            throw PostgresError(
                sqlState: error.sqlState,
                message:
                    "another restlite process has been starting, importing or resetting on this database for"
                    + " over a minute (it holds restlite's start lock); try again when it is done",
                sql: nil)
        }
        self.connection = connection
    }

    private static func connect(_ url: String) throws -> PostgresConnection {
        do {
            return try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        } catch let error as PostgresError where error.isConnectionFailure {
            throw StoreUnavailable(reason: error.message)
        }
    }

    private static func take(_ connection: PostgresConnection) throws {
        try connection.execute("SELECT pg_advisory_lock(\(key))")
    }

    deinit { release() }

    /// Lets the next process in (closing the lock's connection); later calls do nothing.
    public func release() {
        let connection = lock.withLock {
            defer { self.connection = nil }
            return self.connection
        }
        guard let connection else { return }
        _ = try? connection.execute("SELECT pg_advisory_unlock(\(Self.key))")
    }

    /// The SQL that takes the lock until the surrounding transaction ends.
    static let transactionSQL = "SELECT pg_advisory_xact_lock(\(PostgresStartLock.key))"
}
