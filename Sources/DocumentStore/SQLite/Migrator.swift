import DocumentQuery

/// Brings a database schema up to date, tracked by `PRAGMA user_version`.
///
/// Migration `n` (1-based position in `migrations`) runs once, when `user_version < n`, inside
/// the same transaction that sets `user_version = n`: a crash leaves either the old or the new
/// version, never half of one.
public struct Migrator: Sendable {
    /// One step: receives the writer connection inside the open transaction.
    public typealias Migration = @Sendable (SQLiteConnection) throws -> Void

    public let migrations: [Migration]

    public init(migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Runs every migration newer than the database's `user_version`.
    public func migrate(_ connection: SQLiteConnection) throws {
        for (index, migration) in migrations.enumerated() {
            let version = Int64(index + 1)
            try connection.transaction {
                // Read inside the transaction: another process may have migrated meanwhile.
                guard try currentVersion(connection) < version else { return }
                try migration(connection)
                try connection.execute("PRAGMA user_version = \(version)")
            }
        }
    }

    /// The database's `user_version`.
    public func currentVersion(_ connection: SQLiteConnection) throws -> Int64 {
        guard case .integer(let version) = try connection.scalar("PRAGMA user_version") else { return 0 }
        return version
    }
}
