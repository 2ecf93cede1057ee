import RestLiteTesting
import Testing

@testable import PostgresStore

/// A new database on the test process's shared cluster (`TemporaryPostgres.shared()`), and a
/// connection to it. Without PostgreSQL binaries the test records that plainly and fails: CI
/// installs them (`.ci/run`), so a silent skip would hide the engine going untested.
enum PostgresFixture {
    static func databaseURL() throws -> String {
        do {
            return try TemporaryPostgres.shared().makeDatabase()
        } catch let error as TemporaryPostgres.Unavailable {
            Issue.record("PostgreSQL tests cannot run: \(error.description)")
            throw error
        }
    }

    static func connection() throws -> PostgresConnection {
        try PostgresConnection(conninfo: try databaseURL(), libpq: try LibPQ.shared())
    }
}
