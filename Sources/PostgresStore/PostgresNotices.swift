import DocumentQuery
import PlatformSupport

/// What the restlite processes on one database tell each other: a dedicated connection that
/// `LISTEN`s on restlite's channels, and a thread of its own that blocks on that connection's
/// socket until a notification arrives (no polling: an idle database costs nothing).
///
/// A writer sends a notice with `pg_notify` inside its own transaction, so it is delivered
/// when (and only if) the change commits, to every listening process, its own included (the
/// payload names the sender). Handlers run on the listening thread, one at a time, in the
/// order the notices were committed.
///
/// While the connection is lost, notices are missed; after every (re)connection the
/// `onConnect` handlers run, so each follower re-reads what it caches. The thread starts with
/// the first `start()` and ends within a second after the last reference goes.
///
/// `@unchecked Sendable`: `handlers`, `connectHandlers`, `started` and `backendPID` are only
/// touched under `lock`; the connection belongs to the listening thread.
package final class PostgresNotices: @unchecked Sendable {
    /// restlite's channels.
    package enum Channel: String, CaseIterable, Sendable {
        /// The API keys changed (`restlite_keys`).
        case keys = "restlite_keys"
        /// Collections, schemas or indexes changed, a snapshot was restored or a reset ran.
        case catalog = "restlite_catalog"
        /// A realtime event row was written (payload: its id).
        case events = "restlite_events"
        /// A process got its first realtime subscriber or lost its last (payload: its origin,
        /// and for a first subscriber the number of that registration).
        case subscribers = "restlite_subscribers"
        /// A process heard of another's first subscriber and now sends it its events (payload:
        /// the registering origin, the registration's number, the hearing origin).
        case heard = "restlite_heard"
    }

    /// The `application_name` of every listening connection starts with it; the rest is the
    /// process's origin. `pg_stat_activity` then lists the live restlite processes.
    package static let applicationPrefix = "restlite-notices "

    private let conninfo: String
    private let libpq: LibPQ
    /// The origin the listening connection names in its `application_name`.
    private let origin: String
    private let lock = PosixCondition()
    private var handlers: [Channel: [@Sendable (String) -> Void]] = [:]
    private var connectHandlers: [@Sendable () -> Void] = []
    private var started = false
    private var backendPID: Int32?
    /// Times the listening connection was (re)made.
    private var connections = 0

    package init(conninfo: String, libpq: LibPQ, origin: String) {
        self.conninfo = conninfo
        self.libpq = libpq
        self.origin = origin
    }

    /// Calls `handler` with each notice's payload on `channel`.
    package func on(_ channel: Channel, _ handler: @escaping @Sendable (_ payload: String) -> Void) {
        lock.withLock { handlers[channel, default: []].append(handler) }
    }

    /// Calls `handler` after each (re)connection of the listening connection: notices may have
    /// been missed, so whatever they keep up to date must be read again.
    package func onConnect(_ handler: @escaping @Sendable () -> Void) {
        lock.withLock { connectHandlers.append(handler) }
    }

    /// Starts listening (once; later calls do nothing).
    package func start() {
        let first = lock.withLock {
            defer { started = true }
            return !started
        }
        guard first else { return }
        PosixThread.spawn(name: "pg-notices") { [weak self] in
            var connection: PostgresConnection?
            var pause = 100
            while let notices = self {
                notices.listenOnce(&connection, pause: &pause)
            }
        }
    }

    /// The server process of the listening connection, once connected (waits at most
    /// `milliseconds` for it): a row naming it stays valid exactly as long as it listens.
    package func listeningPID(waitingAtMost milliseconds: Int = 5000) -> Int32? {
        start()
        lock.lock()
        defer { lock.unlock() }
        var waited = 0
        while backendPID == nil && waited < milliseconds {
            _ = lock.wait(milliseconds: 50)
            waited += 50
        }
        return backendPID
    }

    /// How many times the listening connection was made (tests wait for the first).
    package var connectionCount: Int { lock.withLock { connections } }

    /// The listening thread's one step: connect (after a pause when that failed), or wait up
    /// to a second for notices and hand them out. The thread calls it through a weak reference,
    /// so it ends within a second after the last other reference goes, closing `connection`.
    private func listenOnce(_ connection: inout PostgresConnection?, pause: inout Int) {
        guard let listening = connection else {
            connection = connect()
            if connection == nil {
                lock.withLock { _ = lock.wait(milliseconds: pause) }
                pause = min(pause * 2, 1000)
            } else {
                pause = 100
                for handler in lock.withLock({ connectHandlers }) { handler() }
            }
            return
        }
        _ = listening.waitForInput(milliseconds: 1000)
        guard let arrived = try? listening.notifications() else {
            connection = nil
            lock.withLock { backendPID = nil }
            return
        }
        deliver(arrived)
    }

    private func connect() -> PostgresConnection? {
        guard let connection = try? PostgresConnection(conninfo: conninfo, libpq: libpq) else { return nil }
        do {
            for channel in Channel.allCases { try connection.execute("LISTEN \(channel.rawValue)") }
            // After the LISTENs: a process that finds this name listed is sure to be heard.
            try connection.execute(
                "SELECT set_config('application_name', ?, false)", [.text(Self.applicationPrefix + origin)])
            let pid = try connection.execute("SELECT pg_backend_pid()").int64(0, 0)
            lock.withLock {
                backendPID = Int32(truncatingIfNeeded: pid)
                connections += 1
            }
            lock.broadcast()
            return connection
        } catch {
            return nil
        }
    }

    private func deliver(_ arrived: [(channel: String, payload: String)]) {
        let table = lock.withLock { handlers }
        for notice in arrived {
            guard let channel = Channel(rawValue: notice.channel) else { continue }
            for handler in table[channel] ?? [] { handler(notice.payload) }
        }
    }

    /// The origins of the processes listening on this database now, this one's included.
    static func listeningOrigins(_ connection: PostgresConnection) throws -> Set<String> {
        let rows = try connection.execute(
            """
            SELECT substr(application_name, ?) FROM pg_stat_activity
            WHERE datname = current_database() AND starts_with(application_name, ?)
            """, [.integer(Int64(applicationPrefix.utf8.count + 1)), .text(applicationPrefix)])
        return Set((0..<rows.count).compactMap { rows.text($0, 0) })
    }

    /// The SQL that sends `payload` on `channel` when the surrounding transaction commits.
    static func notifySQL(_ channel: Channel) -> String {
        "SELECT pg_notify('\(channel.rawValue)', ?)"
    }
}
