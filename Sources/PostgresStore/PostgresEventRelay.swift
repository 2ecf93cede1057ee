import DocumentJSON
import DocumentQuery
import DocumentStore
import PlatformSupport

/// `EventRelay` through the database: an event is a row of `restlite_events` (any size, unlike
/// a NOTIFY payload), written by the process that published it; every process reads the rows
/// of the others every `interval`, by id, and keeps them a minute (a process that reconnects
/// after a short outage still gets what it missed, and the table stays small).
///
/// Ids come from a sequence, and a row with a lower id can commit just after a higher one was
/// read: each read goes back `lookBack` ids and skips the ones it has delivered.
///
/// `@unchecked Sendable`: `lastSeen` and `delivered` belong to the reading thread; the
/// connection pool guards itself.
final class PostgresEventRelay: EventRelay, @unchecked Sendable {
    /// This process's mark on its rows.
    let origin: String
    private let pool: PostgresPool
    private let interval: Duration
    private let lookBack: Int64 = 1000
    private var lastSeen: Int64 = 0
    private var delivered: Set<Int64> = []

    init(pool: PostgresPool, interval: Duration = .milliseconds(100)) {
        self.pool = pool
        self.interval = interval
        origin = ObjectID.generate()
    }

    func send(event: String, collection: String?, data: [UInt8]) {
        // Best effort, as a NOTIFY would be: the write is already committed; an unreachable
        // database loses the event for the other processes, not the write.
        _ = try? pool.with { connection in
            try connection.execute(
                "INSERT INTO restlite_events(origin, event, collection, data) VALUES (?, ?, ?, ?)",
                [
                    .text(origin), .text(event), collection.map(SQLValue.text) ?? .null,
                    .text(String(decoding: data, as: UTF8.self)),
                ])
        }
    }

    func start(_ deliver: @escaping @Sendable (String, String?, [UInt8]) -> Void) {
        // Events sent before this process started are not its subscribers' business.
        lastSeen =
            (try? pool.with { try $0.execute("SELECT coalesce(max(id), 0) FROM restlite_events") })?
            .int64(0, 0) ?? 0
        let pause = Int(
            interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        PosixThread.spawn(name: "pg-events") { [weak self] in
            let wait = PosixCondition()
            var rounds = 0
            while let relay = self {
                relay.readNew(deliver)
                rounds += 1
                if rounds % 100 == 0 { relay.prune() }
                wait.withLock { _ = wait.wait(milliseconds: pause) }
            }
        }
    }

    private func readNew(_ deliver: (String, String?, [UInt8]) -> Void) {
        guard
            let rows = try? pool.with({ connection in
                try connection.execute(
                    "SELECT id, origin, event, collection, data FROM restlite_events WHERE id > ? ORDER BY id",
                    [.integer(max(0, lastSeen - lookBack))])
            })
        else { return }
        for row in 0..<rows.count {
            let id = rows.int64(row, 0)
            guard !delivered.contains(id) else { continue }
            delivered.insert(id)
            lastSeen = max(lastSeen, id)
            guard rows.text(row, 1) != origin else { continue }
            deliver(rows.text(row, 2) ?? "", rows.text(row, 3), rows.bytes(row, 4))
        }
        delivered = delivered.filter { $0 > lastSeen - lookBack }
    }

    private func prune() {
        _ = try? pool.with { connection in
            try connection.execute("DELETE FROM restlite_events WHERE at < now() - interval '1 minute'")
        }
    }
}
