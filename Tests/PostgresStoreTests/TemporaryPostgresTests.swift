import DocumentJSON
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// `TemporaryPostgres.makeDatabase` and `dropDatabase` (statements over one admin connection):
/// each database is new and empty, apart from the others, and dropping one closes the sessions
/// still open on it.
@Suite(.offPool) struct TemporaryPostgresTests {
    @Test func newDatabasesAreEmptyApartAndDroppingOneClosesItsSessions() throws {
        let cluster: TemporaryPostgres
        do {
            cluster = try TemporaryPostgres.shared()
        } catch let error as TemporaryPostgres.Unavailable {
            Issue.record("PostgreSQL tests cannot run: \(error.description)")
            return
        }
        let first = try cluster.makeDatabase()
        let second = try cluster.makeDatabase()
        defer { cluster.dropDatabase(url: second) }
        #expect(first != second)
        let engine = try PostgresEngine(url: first)
        #expect(engine.createdTables, "a new database has no restlite tables")
        _ = try engine.insert(["n": .number(JSONNumber(1))], into: "cats")
        #expect(try PostgresEngine(url: second).createdTables, "the other database does not see them")

        // The engine's pooled session is still open: the drop closes it.
        cluster.dropDatabase(url: first)
        let libpq = try LibPQ.shared()
        #expect(throws: PostgresError.self) { _ = try PostgresConnection(conninfo: first, libpq: libpq) }
        #expect(throws: (any Error).self) { try engine.count(in: "cats") }
    }
}
