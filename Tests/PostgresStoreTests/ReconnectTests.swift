import DocumentJSON
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// PostgreSQL stopped under a running engine: calls throw `StoreUnavailable` (503 with
/// `Retry-After` in the API) while it is down, and the engine reconnects by itself once it is
/// back, with the committed documents still there. A cluster of its own: stopping the shared
/// one would fail the other suites' tests running meanwhile.
@Suite("PostgreSQL reconnect", .offPool)
struct ReconnectTests {
    @Test("stop the server: StoreUnavailable; start it again: the engine reconnects by itself")
    func stopAndStart() throws {
        let cluster: TemporaryPostgres
        do {
            cluster = try TemporaryPostgres()
        } catch let error as TemporaryPostgres.Unavailable {
            Issue.record("PostgreSQL tests cannot run: \(error.description)")
            return
        }
        defer { cluster.remove() }
        let engine = try PostgresEngine(url: try cluster.makeDatabase())
        let written = try engine.insertMany(
            (0..<20).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        #expect(try engine.count(in: "cats") == 20)
        // Reads prepared on the connections the stop breaks (a statement is prepared at its
        // second run on a connection).
        for _ in 0..<3 { #expect(try engine.document(written[7].id, in: "cats") == written[7]) }

        try cluster.stop(mode: "fast")
        #expect(throws: StoreUnavailable.self) { try engine.count(in: "cats") }
        #expect(throws: StoreUnavailable.self) {
            try engine.insert(["n": .number(JSONNumber(99))], into: "cats")
        }

        try cluster.start()
        // Each call may meet one more connection the stop broke (discarded as it fails); the
        // pool holds at most 8, so within 10 calls one runs on a new connection.
        var count: Int? = nil
        for _ in 0..<10 where count == nil {
            count = try? engine.count(in: "cats")
        }
        #expect(count == 20)
        // A new connection prepares its statements again.
        for _ in 0..<3 { #expect(try engine.document(written[7].id, in: "cats") == written[7]) }
        #expect(try engine.insert(["n": .number(JSONNumber(20))], into: "cats").version == 0)
        #expect(try engine.count(in: "cats") == 21)
    }

    @Test("stop -m immediate under idle connections: StoreUnavailable at once, never another error")
    func immediateStop() throws {
        let cluster: TemporaryPostgres
        do {
            cluster = try TemporaryPostgres()
        } catch let error as TemporaryPostgres.Unavailable {
            Issue.record("PostgreSQL tests cannot run: \(error.description)")
            return
        }
        defer { cluster.remove() }
        let engine = try PostgresEngine(url: try cluster.makeDatabase())
        _ = try engine.insertMany((0..<5).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        #expect(try engine.count(in: "cats") == 5)

        // The pool now holds idle connections whose server process dies without a word; libpq
        // answers their next statement with an error of its own (no SQLSTATE).
        try cluster.stop(mode: "immediate")
        for round in 0..<3 {
            #expect(throws: StoreUnavailable.self, "round \(round)") { try engine.count(in: "cats") }
            #expect(throws: StoreUnavailable.self, "round \(round)") {
                try engine.insert(["n": .number(JSONNumber(99))], into: "cats")
            }
        }

        try cluster.start()
        // The failure closed the pool's idle connections: the first call after the restart
        // runs on a new connection.
        #expect(try engine.count(in: "cats") == 5)
        #expect(try engine.insert(["n": .number(JSONNumber(5))], into: "cats").version == 0)
        #expect(try engine.count(in: "cats") == 6)
    }
}
