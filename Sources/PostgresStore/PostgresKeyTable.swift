import DocumentQuery
import DocumentStore
import PlatformSupport

/// `SharedKeyTable` in `restlite_keys(key, entry, position)`; `restlite_settings` row `keys`
/// marks that the first start has added its keys. Every change sends a `restlite_keys` notice
/// in its own transaction (the payload is empty: keys do not travel in notices).
///
/// `@unchecked Sendable`: `changes` is only touched under `lock`; the pool and the notices
/// guard themselves.
final class PostgresKeyTable: SharedKeyTable, @unchecked Sendable {
    private let pool: PostgresPool
    private let notices: PostgresNotices
    private let lock = PosixCondition()
    private var changes = 0

    init(pool: PostgresPool, notices: PostgresNotices) {
        self.pool = pool
        self.notices = notices
        let bump: @Sendable () -> Void = { [weak self] in
            guard let self else { return }
            lock.withLock { changes += 1 }
        }
        notices.on(.keys) { _ in bump() }
        notices.onConnect(bump)
    }

    /// The `keys` row of `restlite_settings` a first start writes when it takes the keys
    /// (`PostgresEngine.forgetFirstStart` takes that row, and only that one, back).
    static let firstStartMark = "added at the first start"
    private static let notify = "SELECT pg_notify('\(PostgresNotices.Channel.keys.rawValue)', '')"

    func entries() throws -> [[UInt8]] {
        let rows = try pool.with { try $0.execute("SELECT entry FROM restlite_keys ORDER BY position") }
        return (0..<rows.count).map { rows.bytes($0, 0) }
    }

    func insert(key: String, entry: [UInt8]) throws -> Bool {
        let rows = try pool.with { connection in
            try connection.execute(
                """
                WITH added AS (INSERT INTO restlite_keys(key, entry) VALUES (?, ?)
                    ON CONFLICT (key) DO NOTHING RETURNING key)
                \(Self.notify) FROM added
                """, [.text(key), .text(String(decoding: entry, as: UTF8.self))])
        }
        return rows.count > 0
    }

    func delete(key: String) throws -> Bool {
        let rows = try pool.with { connection in
            try connection.execute(
                "WITH gone AS (DELETE FROM restlite_keys WHERE key = ? RETURNING key) \(Self.notify) FROM gone",
                [.text(key)])
        }
        return rows.count > 0
    }

    func replaceAll(_ entries: [(key: String, entry: [UInt8])]) throws {
        try pool.with { connection in
            try connection.transaction {
                try connection.execute("DELETE FROM restlite_keys")
                try add(entries, connection)
                try connection.execute(
                    "INSERT INTO restlite_settings(name, value) VALUES ('keys', 'migrated') ON CONFLICT DO NOTHING"
                )
                try connection.execute(Self.notify)
            }
        }
    }

    func addOnFirstStart(_ entries: [(key: String, entry: [UInt8])]) throws -> Bool {
        try pool.with { connection in
            try connection.transaction {
                let marked = try connection.execute(
                    "INSERT INTO restlite_settings(name, value) VALUES ('keys', ?) ON CONFLICT DO NOTHING",
                    [.text(Self.firstStartMark)])
                guard marked.affected == 1 else { return false }
                try add(entries, connection)
                try connection.execute(Self.notify)
                return true
            }
        }
    }

    private func add(_ entries: [(key: String, entry: [UInt8])], _ connection: PostgresConnection) throws {
        for (key, entry) in entries {
            try connection.execute(
                "INSERT INTO restlite_keys(key, entry) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                [.text(key), .text(String(decoding: entry, as: UTF8.self))])
        }
    }

    var changeCount: Int {
        notices.start()
        return lock.withLock { changes }
    }
}
