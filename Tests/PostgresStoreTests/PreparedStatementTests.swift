import DocumentJSON
import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// What a read costs on PostgreSQL: a GET one and a list page with its total are one statement
/// each (one round trip), prepared once per connection and reused. The engine has one
/// connection, so every statement below runs on it and `pg_prepared_statements` (a session's
/// own view) shows what it prepared.
@Suite("PostgreSQL prepared reads", .offPool)
struct PreparedStatementTests {
    static func engine() throws -> PostgresEngine {
        var options = PostgresEngine.Options()
        options.maximumConnections = 1
        return try PostgresEngine(url: try TemporaryPostgres.databaseURL(), options: options)
    }

    /// The round trips `body` made on the engine's one connection. The engine may re-read its
    /// catalog in between (when its notices connect), which only adds: the least of a few
    /// tries is what `body` itself costs.
    static func roundTrips(_ engine: PostgresEngine, _ body: () throws -> Void) throws -> Int {
        var least = Int.max
        for _ in 0..<5 {
            let before = try engine.pool.with { $0.roundTrips }
            try body()
            least = min(least, try engine.pool.with { $0.roundTrips } - before)
        }
        return least
    }

    @Test("a GET one is one statement, prepared at its second run and then reused")
    func getOne() throws {
        let engine = try Self.engine()
        let cat = try engine.insert(["name": "Tom"], into: "cats")
        let preparedBefore = try engine.pool.with { $0.preparations }
        // The fetch, then (the document kept, `PostgresDocuments`) the state check, or the fetch
        // again when another test's commit changed the state: each sent as it is at its first
        // run, prepared at its second, then run as prepared.
        for _ in 0..<6 { #expect(try engine.document(cat.id, in: "cats") == cat) }
        #expect(try Self.roundTrips(engine) { _ = try engine.document(cat.id, in: "cats") } == 1)
        for _ in 0..<5 { _ = try engine.document(cat.id, in: "cats") }
        let preparedAfter = try engine.pool.with { $0.preparations }
        #expect((preparedBefore + 1...preparedBefore + 2).contains(preparedAfter))
        let prepared = try engine.pool.with { connection in
            try connection.execute(
                "SELECT count(*), sum(generic_plans + custom_plans) FROM pg_prepared_statements"
                    + " WHERE statement LIKE '% WHERE id = $1' OR statement LIKE 'SELECT txid_current_snapshot()%'"
            )
        }
        #expect((1...2).contains(prepared.int64(0, 0)))
        // Every read after the first of each statement went through a prepared one.
        #expect(prepared.int64(0, 1) >= 6 + 5 + 5 - 2)
        #expect(throws: StoreError.documentNotFound("5e0be1000000000000000000")) {
            try engine.document("5e0be1000000000000000000", in: "cats")
        }
    }

    @Test(
        "a list page with its total is one statement, whether the total is counted, kept or known from the page"
    )
    func listWithTotal() throws {
        let engine = try Self.engine()
        _ = try engine.insertMany((0..<30).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        let full = FindRequest(collection: "cats", max: 10, totals: true)
        let short = FindRequest(collection: "cats", skip: 25, max: 10, totals: true)
        let filtered = FindRequest(collection: "cats", query: ["n": ["$gte": 12]], max: 5, totals: true)
        for (request, total, shown) in [(full, 30, 10), (short, 30, 5), (filtered, 18, 5)] {
            var page: [UInt8] = []
            let counts = try #require(try engine.appendPageJSON(request, into: &page))
            #expect(counts.total == total && counts.count == shown, "\(request)")
            #expect(try engine.find(request).total == total)
            #expect(
                try Self.roundTrips(engine) {
                    var bytes: [UInt8] = []
                    _ = try engine.appendPageJSON(request, into: &bytes)
                } == 1, "\(request)")
            #expect(try Self.roundTrips(engine) { _ = try engine.find(request) } == 1, "\(request)")
        }
        // Past the end: no rows, and the total row counts the matches in the same statement.
        let past = FindRequest(collection: "cats", skip: 40, max: 10, totals: true)
        #expect(try engine.find(past).total == 30 && engine.find(past).documents.isEmpty)
        #expect(try Self.roundTrips(engine) { _ = try engine.find(past) } == 1)
        let none = FindRequest(collection: "cats", query: ["n": ["$gt": 100]], totals: true)
        #expect(try engine.find(none).total == 0)
        #expect(try Self.roundTrips(engine) { _ = try engine.find(none) } == 1)
        // The statements above were prepared on the connection at their second run and reused:
        // a page's full statement (with the count) until its kept total held once, then the
        // statement with only the state row, and, once the page is kept (`PostgresPages`), the
        // state check alone.
        let statements = try engine.pool.with { connection in
            try connection.execute(
                "SELECT generic_plans + custom_plans FROM pg_prepared_statements"
                    + " WHERE statement LIKE '%UNION ALL%' OR statement LIKE 'SELECT txid_current_snapshot()%'"
            )
        }
        #expect(statements.count >= 1)
        for row in 0..<statements.count { #expect(statements.int64(row, 0) >= 1) }
        #expect((0..<statements.count).reduce(0) { $0 + statements.int64($1, 0) } >= 8)
    }

    @Test(
        "a list page runs its generic plan once the connection has its five custom plans: no planning per request"
    )
    func listPageIsNotPlannedAgain() throws {
        let engine = try Self.engine()
        _ = try engine.insertMany((0..<300).map { ["n": .number(JSONNumber(Int64($0)))] }, into: "cats")
        _ = try engine.pool.with { try $0.execute("ANALYZE") }
        let request = FindRequest(collection: "cats", max: 100, totals: true)
        // The first two lists count or check with the full statement; once the kept total has
        // held, the lists check it with the statement that only reads the state. Run 1 of a
        // statement is sent as it is, run 2 prepares; PostgreSQL plans runs 2 to 6 for their
        // values and then compares: with LIMIT and OFFSET as parameters the generic plan lost
        // (it assumes a tenth of the rows for each) and every run was planned again. A commit
        // elsewhere in the cluster (another test's database) changes the state and makes a list
        // count again, so the lists go on until that statement has run 11 times (100 at most).
        func plans() throws -> PostgresRows {
            try engine.pool.with { connection in
                try connection.execute(
                    "SELECT generic_plans, custom_plans FROM pg_prepared_statements"
                        + " WHERE statement LIKE '%UNION ALL%' AND statement NOT LIKE '%count(%'")
            }
        }
        for _ in 0..<100 {
            // The page statement itself, not a kept page (`PostgresPages`).
            engine.pages.removeAll()
            var bytes: [UInt8] = []
            #expect(try engine.appendPageJSON(request, into: &bytes)?.total == 300)
            let seen = try plans()
            if seen.count == 1 && seen.int64(0, 0) + seen.int64(0, 1) >= 10 { break }
        }
        let seen = try plans()
        #expect(seen.count == 1)
        #expect(seen.int64(0, 0) >= 5, "generic \(seen.int64(0, 0)), custom \(seen.int64(0, 1))")
        #expect(seen.int64(0, 1) <= 5, "generic \(seen.int64(0, 0)), custom \(seen.int64(0, 1))")
    }

    /// A filtered page is not prepared, so PostgreSQL plans each run for its values: a generic
    /// plan, blind to the condition's selectivity, read a filtered sorted page of 10,000 through
    /// the filter's index and sorted, ten times slower than reading the sort index in order
    /// (bench/engines/run.sh, "GET page"). An unfiltered page stays prepared.
    @Test func aFilteredPageIsPlannedForItsValues() throws {
        let engine = try Self.engine()
        _ = try engine.insertMany(
            (0..<300).map { ["n": .number(JSONNumber(Int64($0))), "r": .number(JSONNumber(Int64($0 % 6)))] },
            into: "cats")
        _ = try engine.pool.with { try $0.execute("ANALYZE") }
        let request = FindRequest(
            collection: "cats", query: try JSON.parse(#"{"r":{"$gte":4}}"#),
            sort: [SortKey(path: try FieldPath("n"), ascending: false)], skip: 10, max: 20, totals: true)
        for _ in 0..<12 {
            engine.pages.removeAll()
            var bytes: [UInt8] = []
            #expect(try engine.appendPageJSON(request, into: &bytes)?.total == 100)
        }
        let prepared = try engine.pool.with { connection in
            try connection.execute(
                "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%ORDER BY%'")
        }
        #expect(prepared.count == 0, "\(prepared.count > 0 ? prepared.text(0, 0) ?? "" : "")")
        // The page statement itself each time, not a kept page (`PostgresPages`).
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            engine.pages.removeAll()
            _ = try engine.appendPageJSON(
                FindRequest(collection: "cats", max: 20, totals: true), into: &bytes)
        }
        let unfiltered = try engine.pool.with { connection in
            try connection.execute(
                "SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%ORDER BY%'")
        }
        #expect(unfiltered.count == 1)
    }

    @Test("past the connection's limit its prepared statements are deallocated and prepared again")
    func preparedLimit() throws {
        let connection = try PostgresFixture.connection()
        let limit = PostgresConnection.preparedLimit
        // Each statement twice: sent as it is, then prepared. The last one is past the limit.
        for number in Array(0...limit) + [0] {
            for _ in 0..<2 {
                #expect(
                    try connection.executePrepared("SELECT ?::bigint + \(number)", [.integer(1)]).int64(0, 0)
                        == Int64(number + 1))
            }
        }
        #expect(connection.preparations == limit + 2)
        let kept = try connection.execute("SELECT statement FROM pg_prepared_statements ORDER BY statement")
        #expect(kept.count == 2)
        #expect(
            kept.text(0, 0) == "SELECT $1::bigint + 0" && kept.text(1, 0) == "SELECT $1::bigint + \(limit)")
    }
}
