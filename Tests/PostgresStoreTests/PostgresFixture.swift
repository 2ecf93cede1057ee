import RestLiteTesting
import Testing

@testable import PostgresStore

/// A connection to a new database on the test process's shared cluster
/// (`TemporaryPostgres.databaseURL()`, which records plainly when PostgreSQL is missing).
enum PostgresFixture {
    static func connection() throws -> PostgresConnection {
        try PostgresConnection(conninfo: try TemporaryPostgres.databaseURL(), libpq: try LibPQ.shared())
    }
}
