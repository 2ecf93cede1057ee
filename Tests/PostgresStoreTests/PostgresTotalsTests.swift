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
        let other = try PostgresFixture.uncommittedCat(
            "0123456789abcdef01234567", n: 9, url: url, engine: engine)
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

    /// `EXPLAIN ANALYZE` of the list statement exactly as the engine builds it for `request`,
    /// with `keptState` as the kept total's state (nil: the statement that only reads the state),
    /// run on one of the engine's connections.
    private static func explain(_ engine: PostgresEngine, _ request: FindRequest, keptState: String?) throws
        -> String
    {
        let info = try engine.collection(request.collection)
        let condition = try engine.condition(for: request.query)
        let page = PostgresEngine.pageSQL(
            request, columns: "body", info: info, condition: condition, skip: request.skip, max: request.max)
        let layout = PostgresEngine.TotalRow(columns: "body")
        let sql =
            keptState.map {
                PostgresEngine.pageWithTotal(
                    page, layout: layout, info: info, condition: condition, keptState: $0)
            } ?? PostgresEngine.pageWithState(page, layout: layout)
        let rows = try engine.pool.with { connection in
            try connection.execute("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " + sql.sql, sql.bindings)
        }
        return (0..<rows.count).compactMap { rows.text($0, 0) }.joined(separator: "\n")
    }

    /// The database state now, as the list statement reads it.
    private static func state(_ engine: PostgresEngine) throws -> String {
        try engine.pool.with { try $0.execute("SELECT \(PostgresTotals.stateSQL)").text(0, 0) ?? "" }
    }

    /// The page of 100 of 300 documents in `_id` order reads 100 rows of the primary key's index
    /// and sends them as it reads them: no window, sort or materialized copy over the page's
    /// rows (the window the total was computed with before cost the cluster more than the page
    /// itself); the count runs only when the database state is not the kept total's.
    @Test func aListOfAHundredReadsAHundredRowsOfTheIndexAndCountsOnlyWhenTheStateChanged() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany((0..<300).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        _ = try engine.pool.with { try $0.execute("ANALYZE") }
        let request = FindRequest(collection: "cats", max: 100, totals: true)
        // Another state than the current one: the count runs.
        let counted = try Self.explain(engine, request, keptState: "0:0: 2000-01-01")
        #expect(counted.contains("Index Scan using"), "\(counted)")
        #expect(counted.contains("rows=100 loops=1"), "\(counted)")
        for node in ["WindowAgg", "Sort", "Materialize", "CTE Scan"] {
            #expect(!counted.contains(node), "\(node) in \(counted)")
        }
        #expect(counted.contains("Aggregate (actual rows=1 loops=1)"), "\(counted)")
        // The same state as the kept total's: the count is never run (other tests' commits on the
        // cluster change the state, so a few tries; every one plans the same).
        var reused = false
        for _ in 0..<50 where !reused {
            let plan = try Self.explain(engine, request, keptState: try Self.state(engine))
            #expect(!plan.contains("WindowAgg") && plan.contains("Index Scan using"), "\(plan)")
            reused = plan.contains("Aggregate (never executed)")
        }
        #expect(reused)
        // A kept total that held before (or says the page is short) is checked by the statement
        // that only reads the state: the page's 100 rows of the index and a `Result`, no count's
        // nodes set up at all.
        let checked = try Self.explain(engine, request, keptState: nil)
        #expect(checked.contains("Index Scan using") && checked.contains("rows=100 loops=1"), "\(checked)")
        for node in ["Aggregate", "Subquery Scan on state", "Seq Scan", "WindowAgg", "Sort"] {
            #expect(!checked.contains(node), "\(node) in \(checked)")
        }
    }

    /// A kept total that held is checked by the state-only statement; after a commit a full page
    /// is counted again (in the same snapshot as its rows), a short one is not, and a total
    /// counted again is checked by the full statement until it holds once more.
    @Test func aHeldTotalIsCheckedWithoutTheCountAndCountedAgainAfterACommit() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany((0..<5).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        #expect(try Self.total(engine) == 5)
        #expect(try Self.listUntilReused(engine, expected: 5))
        let key = PostgresTotals.Key(
            table: try engine.collection("cats").table, condition: try engine.condition(for: nil))
        #expect(engine.totals.entry(key)?.held == true)
        #expect(try Self.listUntilReused(engine, expected: 5))
        _ = try engine.insert(["n": 5], into: "cats")
        let before = engine.totals.figures.counted
        #expect(try Self.total(engine) == 6)
        #expect(engine.totals.figures.counted > before)
        #expect(engine.totals.entry(key)?.total == 6)
        #expect(try Self.listUntilReused(engine, expected: 6))
        #expect(engine.totals.entry(key)?.held == true)
    }

    /// Short pages and pages past the end through the engine: the totals are exact whether
    /// counted, known from the page or kept, and a short page after a commit is not counted.
    @Test func shortPagesAndPagesPastTheEndHaveExactTotals() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany((0..<30).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        func total(skip: Int, max: Int) throws -> (total: Int?, count: Int) {
            let found = try engine.find(FindRequest(collection: "cats", skip: skip, max: max, totals: true))
            var bytes: [UInt8] = []
            let counts = try #require(
                try engine.appendPageJSON(
                    FindRequest(collection: "cats", skip: skip, max: max, totals: true), into: &bytes))
            #expect(counts.total == found.total && counts.count == found.documents.count)
            return (found.total, found.documents.count)
        }
        for (skip, max, shown) in [
            (0, 10, 10), (25, 10, 5), (40, 10, 0), (30, 10, 0), (0, 0, 0), (0, 100, 30),
        ] {
            let answer = try total(skip: skip, max: max)
            #expect(answer.total == 30 && answer.count == shown, "skip \(skip) max \(max)")
        }
        // A commit changes the state; a short page (its kept total says so) gives its total from
        // its own rows, without counting.
        _ = try engine.insert(["n": 30], into: "cats")
        let before = engine.totals.figures.counted
        let afterInsert = try total(skip: 25, max: 10)
        #expect(afterInsert.total == 31 && afterInsert.count == 6)
        #expect(engine.totals.figures.counted == before)
        // Grown past what was kept: the page expected short comes back full and is counted.
        _ = try engine.insertMany((31..<60).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        let grown = try total(skip: 25, max: 10)
        #expect(grown.total == 60 && grown.count == 10)
        let pastTheEnd = try total(skip: 70, max: 10)
        #expect(pastTheEnd.total == 60 && pastTheEnd.count == 0)
        _ = try engine.delete(
            try engine.find(FindRequest(collection: "cats", max: 1)).documents[0].id, from: "cats")
        let afterDelete = try total(skip: 55, max: 10)
        #expect(afterDelete.total == 59 && afterDelete.count == 4)
    }
}
