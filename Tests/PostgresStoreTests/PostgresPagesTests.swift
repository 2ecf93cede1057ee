import DocumentJSON
import DocumentQuery
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import PostgresStore

/// List pages kept with the database state they were read in (`PostgresPages`): answered from
/// memory while nothing commits anywhere in the cluster, read again by the very next list after
/// a commit of this process or another one, and bounded.
@Suite struct PostgresPagesTests {
    private static let request = FindRequest(collection: "cats", max: 2, totals: true)

    /// The fast path's page of two and its total.
    private static func list(_ engine: PostgresEngine) throws -> (text: String, total: Int?) {
        var bytes: [UInt8] = []
        let counts = try engine.appendPageJSON(request, into: &bytes)
        return (String(decoding: bytes, as: UTF8.self), counts?.total)
    }

    /// Lists until one answer comes from a kept page, every answer checked against `expected`,
    /// at most 10 s: other tests' commits on the same cluster change the state too, so a kept page
    /// is answered only when no commit falls between two lists.
    private static func listUntilKept(_ engine: PostgresEngine, expected: (String, Int)) throws -> Bool {
        let before = engine.pages.figures.hits
        let deadline = ContinuousClock.now + .seconds(10)
        while engine.pages.figures.hits == before {
            if ContinuousClock.now >= deadline { return false }
            let answer = try list(engine)
            guard answer.text == expected.0, answer.total == expected.1 else { return false }
        }
        return true
    }

    @Test func aKeptPageAnswersUntilACommitOfAnyProcessAndIsNeverStale() throws {
        let url = try TemporaryPostgres.databaseURL()
        let engine = try PostgresEngine(url: url)
        let cats = try engine.insertMany((0..<5).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        let first = try Self.list(engine)
        #expect(first.total == 5 && first.text.contains(cats[0].id) && first.text.contains(cats[1].id))
        #expect(try Self.listUntilKept(engine, expected: (first.text, 5)))
        // `find` keeps its own pages (other columns): the same documents twice.
        let found = try engine.find(Self.request)
        #expect(try engine.find(Self.request).documents.map(\.id) == found.documents.map(\.id))

        // Another connection's row, first uncommitted (not listed), then committed: the very
        // next list reads the page again and shows it (its id sorts first).
        let other = try PostgresFixture.uncommittedCat(
            "000000000000000000000001", n: -1, url: url, engine: engine)
        #expect(try Self.list(engine).text == first.text)
        try other.execute("COMMIT")
        let afterInsert = try Self.list(engine)
        #expect(afterInsert.total == 6 && afterInsert.text.hasPrefix(#"[{"_id":"000000000000000000000001""#))
        #expect(try Self.listUntilKept(engine, expected: (afterInsert.text, 6)))

        // Another process's update and delete, through its own engine.
        let second = try PostgresEngine(url: url)
        _ = try second.update("000000000000000000000001", in: "cats", with: ["n": -2])
        let afterUpdate = try Self.list(engine)
        #expect(afterUpdate.total == 6 && afterUpdate.text.contains(#""n":-2"#), "\(afterUpdate.text)")
        #expect(try Self.listUntilKept(engine, expected: (afterUpdate.text, 6)))
        _ = try second.delete("000000000000000000000001", from: "cats")
        #expect(try Self.list(engine) == (first.text, 5))
    }

    /// A writer inserts one document after another while readers list: a list that starts after
    /// an insert was acknowledged never counts fewer documents, from memory or not.
    @Test(.offPool) func noListAnswersOlderThanAWriteAcknowledgedBeforeIt() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insert(["n": 0], into: "cats")
        let run = PostgresFixture.readWhileWriting(steps: 60) { step in
            (try? engine.insert(["n": .number(JSONNumber(step))], into: "cats")).map { _ in step + 1 }
        } read: {
            (try? Self.list(engine))?.total
        }
        #expect(run.acknowledged == 61)
        #expect(run.stale == 0)
        #expect(run.reads > 0)
    }

    /// A page whose condition has values (planned at every run) is kept too, checked by a
    /// statement that reads only the state, and read again after a commit.
    @Test func aFilteredPageIsKeptAndFollowsACommit() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany((0..<5).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        let request = FindRequest(
            collection: "cats", query: try JSON.parse(#"{"n":{"$gte":2}}"#), max: 2, totals: true)
        func list() throws -> (String, Int?) {
            var bytes: [UInt8] = []
            let counts = try engine.appendPageJSON(request, into: &bytes)
            return (String(decoding: bytes, as: UTF8.self), counts?.total)
        }
        let first = try list()
        #expect(first.1 == 3 && first.0.contains(#""n":2"#) && first.0.contains(#""n":3"#))
        var kept = false
        let deadline = ContinuousClock.now + .seconds(10)
        while !kept && ContinuousClock.now < deadline {
            let before = engine.pages.figures.hits
            #expect(try list() == first)
            kept = engine.pages.figures.hits > before
        }
        #expect(kept)
        _ = try engine.insert(["n": 7], into: "cats")
        #expect(try list() == (first.0, 4))
    }

    /// A kept page that answers also keeps its total for its condition in the same state, so the
    /// next check is the cheap statement: a kept total of the condition from another state (a
    /// page of the same condition, another skip, read in between) once left every later check
    /// counting all the matches.
    @Test func aKeptPageThatAnswersKeepsItsTotalInItsState() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany((0..<5).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        let first = try Self.list(engine)
        #expect(try Self.listUntilKept(engine, expected: (first.text, 5)))
        let key = PostgresTotals.Key(
            table: try engine.collection("cats").table, condition: try engine.condition(for: nil))
        var answered = false
        for _ in 0..<50 where !answered {
            engine.totals.counted(key, total: 99, state: "another state")
            let before = engine.pages.figures.hits
            #expect(try Self.list(engine) == (first.text, 5))
            answered = engine.pages.figures.hits > before
        }
        #expect(answered)
        let kept = engine.totals.entry(key)
        #expect(kept?.total == 5 && kept?.state != "another state" && kept?.held == true)
    }

    /// The kept page's check is the page statement with a one-time filter on the state: in the
    /// same state the index scan is never run and only the state row comes back.
    @Test func inTheSameStateThePageIsNotScanned() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany((0..<300).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        let info = try engine.collection("cats")
        let condition = try engine.condition(for: nil)
        func plan(unlessState: String) throws -> String {
            let page = PostgresEngine.pageSQL(
                FindRequest(collection: "cats", max: 100, totals: true), columns: "body", info: info,
                condition: condition, skip: 0, max: 100, unlessState: unlessState)
            let sql = PostgresEngine.pageWithState(page, layout: PostgresEngine.TotalRow(columns: "body"))
            let rows = try engine.pool.with { connection in
                try connection.execute("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " + sql.sql, sql.bindings)
            }
            return (0..<rows.count).compactMap { rows.text($0, 0) }.joined(separator: "\n")
        }
        let other = try plan(unlessState: "0:0: 2000-01-01")
        #expect(other.contains("One-Time Filter") && other.contains("rows=100 loops=1"), "\(other)")
        var skipped = false
        for _ in 0..<50 where !skipped {
            let state = try engine.pool.with {
                try $0.execute("SELECT \(PostgresTotals.stateSQL)").text(0, 0) ?? ""
            }
            let same = try plan(unlessState: state)
            #expect(same.contains("One-Time Filter"), "\(same)")
            skipped = same.contains("(never executed)")
        }
        #expect(skipped)
    }

    /// At most `capacity` pages and `byteBudget` bytes are kept; a page over `largestPage` is not.
    @Test func keptPagesAreBounded() throws {
        let connection = try PostgresFixture.connection()
        let pages = PostgresPages()
        let large = try connection.execute("SELECT repeat('x', \(PostgresPages.largestPage + 1))")
        pages.keep(SQLFragment("large"), rows: large, total: 1, state: "s")
        #expect(pages.figures.pages == 0 && pages.figures.bytes == 0)
        let small = try connection.execute("SELECT repeat('x', 1000) FROM generate_series(1, 2)")
        for number in 0..<(PostgresPages.capacity + 10) {
            pages.keep(SQLFragment("page \(number)"), rows: small, total: 2, state: "s")
            #expect(pages.figures.pages <= PostgresPages.capacity)
        }
        #expect(pages.entry(SQLFragment("page \(PostgresPages.capacity + 9)"))?.total == 2)
        let half = try connection.execute("SELECT repeat('x', \(PostgresPages.largestPage - 100))")
        for number in 0..<40 {
            pages.keep(SQLFragment("half \(number)"), rows: half, total: 1, state: "s")
            #expect(pages.figures.bytes <= PostgresPages.byteBudget)
        }
        // The same page kept again replaces the old one and its bytes.
        let before = pages.figures
        pages.keep(SQLFragment("half 39"), rows: half, total: 1, state: "t")
        #expect(pages.figures.bytes == before.bytes && pages.figures.pages == before.pages)
        #expect(pages.entry(SQLFragment("half 39"))?.state == "t")
    }
}
