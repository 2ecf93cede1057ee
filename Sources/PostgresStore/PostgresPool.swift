import DocumentQuery
import DocumentStore
import PlatformSupport

/// A bounded pool of connections to one database: at most `capacity` open, each used by one
/// caller at a time; more callers wait for one (bounded by `waitMilliseconds`).
///
/// A connection that fails with a connection-class error (`PostgresError.isConnectionFailure`)
/// is closed rather than returned, and the next caller opens a new one: restlite reconnects by
/// itself once PostgreSQL is back. While it is unreachable every call throws
/// `StoreUnavailable` (answered 503 with `Retry-After`).
///
/// Ownership argument for `@unchecked Sendable`: `idle` and `open` are only touched under
/// `lock`; a connection taken from `idle` belongs to one caller until it is given back.
package final class PostgresPool: @unchecked Sendable {
    private let conninfo: String
    private let libpq: LibPQ
    private let capacity: Int
    private let waitMilliseconds: Int
    /// SQL run on every new connection (the session's settings).
    private let setup: [String]
    /// Given to every connection (`PostgresConnection.executePrepared`).
    private let busyWait: BusyWait?
    private let lock = PosixCondition()
    private var idle: [PostgresConnection] = []
    private var open = 0

    package init(
        conninfo: String, libpq: LibPQ, capacity: Int = 8, waitMilliseconds: Int = 10_000,
        setup: [String] = [], busyWait: BusyWait? = nil
    ) {
        self.busyWait = busyWait
        self.conninfo = conninfo
        self.libpq = libpq
        self.capacity = max(1, capacity)
        self.waitMilliseconds = waitMilliseconds
        self.setup = setup
    }

    /// The busy waits (`PostgresConnection.busyWaits`) of the connections idle now (tests).
    package var idleBusyWaits: Int {
        lock.withLock { idle.reduce(0) { $0 + $1.busyWaits } }
    }

    /// Runs `body` with a connection of the pool.
    package func with<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try take()
        do {
            let value = try body(connection)
            giveBack(connection, broken: connection.isBroken)
            return value
        } catch let error as PostgresError where error.isConnectionFailure || connection.isBroken {
            giveBack(connection, broken: true)
            // The server went away: the idle connections to it are dead too, and each would
            // fail one more request after it is back.
            closeIdle()
            throw StoreUnavailable(reason: error.message)
        } catch {
            giveBack(connection, broken: connection.isBroken)
            throw error
        }
    }

    private func take() throws -> PostgresConnection {
        lock.lock()
        // A deadline, not a count of waits: a waiter woken by a connection given back that
        // another request took first waits again for the time left.
        var deadline: ContinuousClock.Instant?
        while idle.isEmpty && open >= capacity {
            let now = ContinuousClock.now
            let end = deadline ?? now + .milliseconds(waitMilliseconds)
            deadline = end
            guard now < end else {
                lock.unlock()
                throw StoreUnavailable(reason: "all \(capacity) PostgreSQL connections stayed busy")
            }
            _ = lock.wait(milliseconds: min(100, max(1, Int((end - now).wholeMilliseconds))))
        }
        if let connection = idle.popLast() {
            lock.unlock()
            return connection
        }
        open += 1
        lock.unlock()
        do {
            let connection = try PostgresConnection(conninfo: conninfo, libpq: libpq, busyWait: busyWait)
            for statement in setup { try connection.execute(statement) }
            return connection
        } catch {
            lock.withLock { open -= 1 }
            lock.signal()
            if error.isConnectionFailure {
                throw StoreUnavailable(reason: error.message)
            }
            throw error
        }
    }

    private func giveBack(_ connection: PostgresConnection, broken: Bool) {
        lock.lock()
        if broken {
            open -= 1
        } else {
            idle.append(connection)
        }
        lock.unlock()
        lock.signal()
    }

    /// Closes the idle connections (the busy ones close when given back broken or at release).
    package func closeIdle() {
        lock.withLock {
            open -= idle.count
            idle.removeAll()
        }
    }
}
