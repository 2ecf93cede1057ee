import DocumentJSON
import DocumentQuery
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The totals of full list pages kept with the database state they were counted in
/// (`PostgresTotals`): reused while nothing has committed, counted again, exactly, after any
/// commit of this process or another one.
@Suite struct PostgresTotalsTests {
    /// The total of a full page of two (the fast path's).
    private static func total(_ engine: PostgresEngine) throws -> Int? {
        var bytes: [UInt8] = []
        let request = FindRequest(collection: "cats", max: 2, totals: true)
        return try engine.appendPageJSON(request, into: &bytes)?.total
    }

    /// Lists until a page reuses its kept total (every answer checked against `expected`), at
    /// most 10 s: other tests' commits on the same cluster change the state too, so a reuse
    /// needs two pages with no commit anywhere in between.
    private static func listUntilReused(_ engine: PostgresEngine, expected: Int) throws -> Bool {
        let before = engine.totals.figures.reused
        let deadline = ContinuousClock.now + .seconds(10)
        while engine.totals.figures.reused == before {
            if ContinuousClock.now >= deadline { return false }
            guard try total(engine) == expected else { return false }
        }
        return true
    }

    @Test func aFullPageReusesItsTotalUntilACommitChangesTheDatabase() throws {
        let url = try TemporaryPostgres.databaseURL()
        let engine = try PostgresEngine(url: url)
        for index in 0..<5 { _ = try engine.insert(["n": .number(JSONNumber(index))], into: "cats") }
        #expect(try Self.total(engine) == 5)
        #expect(try Self.listUntilReused(engine, expected: 5))
        // `find` (a projection, say) goes through the same page and its kept totals.
        let projected = try engine.find(
            FindRequest(
                collection: "cats", max: 2, fields: .include([try FieldPath("n")], includeID: true),
                totals: true))
        #expect(projected.total == 5 && projected.documents.count == 2)

        // A row another connection has written but not committed is not counted; once it
        // commits, the very next page counts it.
        let other = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let table = try engine.collection("cats").table
        try other.execute("BEGIN")
        try other.execute(
            "INSERT INTO \(table)(id, body, created, changed, version) VALUES ('0123456789abcdef01234567',"
                + #" '{"_id":"0123456789abcdef01234567","n":9}', 0, 0, 0)"#)
        #expect(try Self.total(engine) == 5)
        #expect(try Self.listUntilReused(engine, expected: 5))
        try other.execute("COMMIT")
        #expect(try Self.total(engine) == 6)

        // Another process's insert and delete, through its own engine.
        let second = try PostgresEngine(url: url)
        #expect(try Self.listUntilReused(engine, expected: 6))
        let added = try second.insert(["n": 10], into: "cats")
        #expect(try Self.total(engine) == 7)
        #expect(try Self.listUntilReused(engine, expected: 7))
        _ = try second.delete(added.id, from: "cats")
        #expect(try Self.total(engine) == 6)
        // A condition keeps its own total.
        let filtered = try engine.find(
            FindRequest(collection: "cats", query: ["n": ["$gte": 2]], max: 2, totals: true))
        #expect(filtered.total == 4)
        #expect(try Self.total(engine) == 6)
    }
}
