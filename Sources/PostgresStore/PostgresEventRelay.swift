import DocumentJSON
import DocumentQuery
import DocumentStore
import PlatformSupport

/// `EventRelay` through the database, costing nothing while no process has a subscriber.
///
/// A process with realtime subscribers has a row in `restlite_listeners` naming the server
/// process of its listening connection (`PostgresNotices`); it adds the row with its first
/// subscriber and deletes it with its last, and says so on `restlite_subscribers`. Every process
/// keeps one flag, read again on each such notice: does another live process have a row (a
/// crashed process's row counts for nothing, its connection being gone)?
///
/// Only while the flag is up does `send` write: an event is a row of `restlite_events` (any
/// size, unlike a NOTIFY payload) and a `restlite_events` notice with its id, in one
/// statement. A process with subscribers reads the rows of the others when a notice arrives
/// (no polling), by id, and rows are kept a minute (deleted by the readers).
///
/// No event is lost at subscribe time: a process that gets its first subscriber waits (at most
/// `hearingPatience`) until every other live process has heard of it. Each one, on the
/// `restlite_subscribers` notice, reads the listeners again, raises its flag, and only then
/// answers on `restlite_heard`; the live processes are the listening connections that
/// `pg_stat_activity` lists (`PostgresNotices.applicationPrefix`). `subscribersChanged` returns
/// after that, and `/realtime` sends its head after it: a write whose request is sent once the
/// subscriber has the head finds the flag up in every process, so its event is written and read.
///
/// Ids come from a sequence, and a row with a lower id can commit just after a higher one was
/// read: each read goes back `lookBack` ids and skips the ones it has delivered.
///
/// `@unchecked Sendable`: `lastSeen`, `floor`, `delivered`, `reads`, `othersListening`, `reading`,
/// `deliver`, `heardOf` and `heardBy` are guarded by `lock`; `registered`, `registrations` and
/// `hasSubscribers` by `registration`, which a registration holds while it waits (the listening
/// thread never takes it then: it brings the answers); the pool and the notices guard themselves.
final class PostgresEventRelay: EventRelay, @unchecked Sendable {
    /// This process's mark on its rows.
    let origin: String
    private let pool: PostgresPool
    private let notices: PostgresNotices
    private let lookBack: Int64 = 1000
    private let lock = PosixCondition()
    private var lastSeen: Int64 = 0
    /// The newest row when this process last registered: rows up to it are not its business.
    private var floor: Int64 = 0
    private var delivered: Set<Int64> = []
    private var othersListening = false
    /// Reads of `restlite_events` so far (tests show that none happens without subscribers).
    private var reads = 0
    private let registration = PosixCondition()
    private var registered = false
    /// True from a registration's commit until the row is deleted: the others' rows are read.
    private var reading = false
    private var hasSubscribers: (@Sendable () -> Bool)?
    private var deliver: (@Sendable (String, String?, [UInt8]) -> Void)?
    /// This process's registrations so far (each first subscriber's is numbered).
    private var registrations = 0
    /// The processes that heard of the registration numbered `heardOf`.
    private var heardOf = 0
    private var heardBy: Set<String> = []
    /// The longest a first subscriber waits for the other processes to hear of it.
    private let hearingPatience: Duration = .seconds(2)

    init(pool: PostgresPool, notices: PostgresNotices, origin: String) {
        self.pool = pool
        self.notices = notices
        self.origin = origin
        // From the start, not only once `start` runs: any process that listens answers a first
        // subscriber's registration, or that one would wait for it in vain.
        notices.on(.subscribers) { [weak self] payload in self?.othersChanged(payload) }
        notices.on(.heard) { [weak self] payload in self?.heard(payload) }
    }

    var othersHaveSubscribers: Bool { lock.withLock { othersListening } }

    /// How many times this process read `restlite_events`.
    var readCount: Int { lock.withLock { reads } }

    func send(event: String, collection: String?, data: [UInt8]) {
        guard othersHaveSubscribers else { return }
        // Best effort, as a NOTIFY would be: the write is already committed; an unreachable
        // database loses the event for the other processes, not the write.
        _ = try? pool.with { connection in
            try connection.execute(
                """
                WITH added AS (INSERT INTO restlite_events(origin, event, collection, data)
                    VALUES (?, ?, ?, ?) RETURNING id)
                SELECT pg_notify('\(PostgresNotices.Channel.events.rawValue)', id::text) FROM added
                """,
                [
                    .text(origin), .text(event), collection.map(SQLValue.text) ?? .null,
                    .text(String(decoding: data, as: UTF8.self)),
                ])
        }
    }

    func start(
        hasSubscribers: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (String, String?, [UInt8]) -> Void
    ) {
        registration.withLock { self.hasSubscribers = hasSubscribers }
        lock.withLock { self.deliver = deliver }
        notices.on(.events) { [weak self] _ in self?.readNew() }
        notices.onConnect { [weak self] in self?.reconnected() }
        notices.start()
    }

    /// Also called for every later subscriber (`/realtime` does), so that it too waits for a
    /// registration still under way.
    func subscribersChanged() {
        registration.withLock {
            let wanted = hasSubscribers?() ?? false
            guard wanted != registered else { return }
            registered = wanted ? register(waitingForOthers: true) : !unregister()
            let now = registered
            lock.withLock { reading = now }
        }
    }

    /// Under `registration`: this process's row, naming its listening connection; true when
    /// written. Events from now on are this process's subscribers' business. With
    /// `waitingForOthers` (not on the listening thread, which brings the answers), returns once
    /// every other live process has heard of it, or after `hearingPatience`.
    private func register(waitingForOthers: Bool) -> Bool {
        guard let pid = notices.listeningPID() else { return false }
        registrations += 1
        let number = registrations
        lock.withLock {
            heardOf = number
            heardBy = []
        }
        let newest = try? pool.with { connection in
            try connection.transaction {
                try connection.execute(
                    """
                    INSERT INTO restlite_listeners(origin, pid) VALUES (?, ?)
                    ON CONFLICT (origin) DO UPDATE SET pid = excluded.pid
                    """, [.text(origin), .integer(Int64(pid))])
                try connection.execute(
                    PostgresNotices.notifySQL(.subscribers), [.text("\(origin) \(number)")])
                return try connection.execute("SELECT coalesce(max(id), 0) FROM restlite_events").int64(0, 0)
            }
        }
        guard let newest else { return false }
        lock.withLock {
            lastSeen = max(lastSeen, newest)
            floor = newest
            // Rows up to `newest` are skipped by the floor; a row after it that a read already
            // delivered stays marked, or a read still holding it would deliver it again.
            delivered = delivered.filter { $0 > newest }
            reading = true
        }
        if waitingForOthers { waitUntilHeard() }
        return true
    }

    /// Waits until every other process listening now has answered the current registration,
    /// looking again at who listens every 50 ms (a process that ended owes no answer), at most
    /// `hearingPatience`. Read after the registration committed: a process that begins to
    /// listen later reads the listeners when it connects, so finds this one's row.
    private func waitUntilHeard() {
        let deadline = ContinuousClock.now + hearingPatience
        while ContinuousClock.now < deadline {
            guard
                let listening = try? pool.with({ connection in
                    try PostgresNotices.listeningOrigins(connection)
                })
            else { return }
            let waiting = listening.subtracting([origin])
            let done = lock.withLock {
                if !waiting.isSubset(of: heardBy) { _ = lock.wait(milliseconds: 50) }
                return waiting.isSubset(of: heardBy)
            }
            if done { return }
        }
    }

    /// A `restlite_subscribers` notice: the flag is read again, then a registration of another
    /// process (`origin number`) is answered on `restlite_heard`: from now on this process's
    /// events are written for it.
    private func othersChanged(_ payload: String) {
        guard refreshOthers() else { return }
        let parts = payload.split(separator: " ")
        guard parts.count == 2, parts[0] != origin else { return }
        _ = try? pool.with { connection in
            try connection.execute(
                PostgresNotices.notifySQL(.heard), [.text("\(parts[0]) \(parts[1]) \(origin)")])
        }
    }

    /// A `restlite_heard` notice: who heard of which registration.
    private func heard(_ payload: String) {
        let parts = payload.split(separator: " ")
        guard parts.count == 3, parts[0] == origin, let number = Int(parts[1]) else { return }
        lock.withLock {
            guard number == heardOf else { return }
            heardBy.insert(String(parts[2]))
        }
        lock.broadcast()
    }

    /// Under `registration`: deletes this process's row, and the event rows older than a
    /// minute (nobody may read again for a long time); true when done.
    private func unregister() -> Bool {
        do {
            try pool.with { connection in
                try connection.transaction { () throws -> Void in
                    try connection.execute("DELETE FROM restlite_listeners WHERE origin = ?", [.text(origin)])
                    try connection.execute(PostgresNotices.notifySQL(.subscribers), [.text(origin)])
                    try connection.execute(Self.pruneSQL)
                }
            }
            return true
        } catch {
            return false
        }
    }

    /// After the listening connection was (re)made: its server process is new, so the row is
    /// written again when this process has subscribers; the flag and missed events are read.
    /// The row on a thread of its own: a registration under way holds `registration` while it
    /// waits for answers that this (the listening) thread brings.
    private func reconnected() {
        PosixThread.spawn(name: "pg-register") { [weak self] in self?.registerAgain() }
        refreshOthers()
        readNew()
    }

    private func registerAgain() {
        registration.withLock {
            guard hasSubscribers?() ?? false else { return }
            registered = register(waitingForOthers: false)
            let now = registered
            lock.withLock { reading = now }
        }
    }

    /// Reads whether another live process has subscribers; rows of gone processes are deleted.
    /// True when read.
    @discardableResult
    private func refreshOthers() -> Bool {
        let listening = try? pool.with { connection in
            try connection.execute(
                "DELETE FROM restlite_listeners WHERE pid NOT IN (SELECT pid FROM pg_stat_activity)")
            return try connection.execute(
                "SELECT EXISTS (SELECT 1 FROM restlite_listeners WHERE origin <> ?)", [.text(origin)]
            ).text(0, 0) == "t"
        }
        guard let listening else { return false }
        lock.withLock { othersListening = listening }
        return true
    }

    /// Delivers the others' rows not delivered yet, when this process has subscribers.
    private func readNew() {
        let (reading, deliver) = lock.withLock { (self.reading, self.deliver) }
        guard reading, let deliver else { return }
        let after = lock.withLock {
            reads += 1
            return max(0, lastSeen - lookBack)
        }
        guard
            let rows = try? pool.with({ connection in
                try connection.execute(
                    "SELECT id, origin, event, collection, data FROM restlite_events WHERE id > ? ORDER BY id",
                    [.integer(after)])
            })
        else { return }
        var fresh: [(String, String?, [UInt8])] = []
        let prune = lock.withLock {
            for row in 0..<rows.count {
                let id = rows.int64(row, 0)
                // Rows older than the registration were sent before it (for an earlier one).
                guard id > floor, !delivered.contains(id) else { continue }
                delivered.insert(id)
                lastSeen = max(lastSeen, id)
                guard rows.text(row, 1) != origin else { continue }
                fresh.append((rows.text(row, 2) ?? "", rows.text(row, 3), rows.bytes(row, 4)))
            }
            delivered = delivered.filter { $0 > lastSeen - lookBack }
            return reads % 100 == 0
        }
        for (event, collection, data) in fresh { deliver(event, collection, data) }
        if prune { self.prune() }
    }

    private static let pruneSQL = "DELETE FROM restlite_events WHERE at < now() - interval '1 minute'"

    private func prune() {
        _ = try? pool.with { connection in
            try connection.execute(Self.pruneSQL)
        }
    }
}
