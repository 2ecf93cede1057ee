import DocumentJSON
import DocumentQuery
import DocumentStore
import Foundation
import PlatformSupport
import RestLiteTesting
import Testing

@testable import PostgresStore

/// Automatic indexes on PostgreSQL: the same `AutoIndexer` and policy as on SQLite, over the
/// engine's `AutoIndexingEngine` side. Slow reads on a field index it, the query then uses the
/// index, the index is listed with its reads and removable, a declared index takes its place,
/// the bounds hold, an unused one is dropped, and without a policy nothing is indexed.
@Suite(.offPool) struct PostgresAutoIndexTests {
    /// Log lines the engine wrote, shared with its background thread.
    final class Log: @unchecked Sendable {
        private let lock = PosixCondition()
        private var lines: [String] = []

        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Every read counts as slow, and three on one field index it; `rows` cats.
    private func engine(
        rows: Int = 50, log: Log = Log(), _ change: (inout AutoIndexPolicy) -> Void = { _ in }
    ) throws -> PostgresEngine {
        var policy = AutoIndexPolicy()
        policy.slowRead = .zero
        policy.log = { log.append($0) }
        change(&policy)
        var options = PostgresEngine.Options()
        options.autoIndex = policy
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL(), options: options)
        let cats: [JSONObject] = (0..<rows).map { number in
            [
                "name": .string("cat \(number)"), "color": .string(number % 3 == 0 ? "grey" : "black"),
                "age": .number(JSONNumber(number % 12)),
            ]
        }
        _ = try engine.insertMany(cats, into: "cats", options: WriteOptions())
        return engine
    }

    private func read(_ engine: PostgresEngine, _ query: String, sort: [SortKey] = []) throws -> Int {
        try engine.find(FindRequest(collection: "cats", query: try JSON.parse(query), sort: sort, max: 5))
            .documents.count
    }

    /// Polls until `condition` holds: the index is built on a thread of its own. Bounded (10 s).
    private func eventually(_ condition: () throws -> Bool) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return try condition()
    }

    /// PostgreSQL's plan for the page query of `query` on cats.
    private func plan(_ engine: PostgresEngine, _ query: String) throws -> String {
        let condition = try engine.condition(for: try JSON.parse(query))
        let info = try engine.collection("cats")
        let rows = try engine.run { (connection: PostgresConnection) -> PostgresRows in
            try connection.execute("ANALYZE \(info.table)")
            return try connection.execute(
                "EXPLAIN SELECT id FROM \(info.table) WHERE \(condition.sql)", condition.bindings)
        }
        return (0..<rows.count).compactMap { rows.text($0, 0) }.joined(separator: "\n")
    }

    /// A list page answered from memory (`PostgresPages`) counts as slow as it was to read: a
    /// slow query is indexed although its repeats come from memory, so that it is fast when a
    /// commit makes it read again. The kept page's read time is set to 2 s here (slow is 1 s).
    @Test func aKeptPageCountsAsSlowAsItWasToRead() throws {
        let engine = try engine { $0.slowRead = .seconds(1) }
        let request = FindRequest(
            collection: "cats", query: try JSON.parse(#"{"color":"grey"}"#), max: 5, totals: true)
        let info = try engine.collection("cats")
        let page = PostgresEngine.pageSQL(
            request, columns: "body", info: info, condition: try engine.condition(for: request.query),
            skip: 0,
            max: 5)
        var bytes: [UInt8] = []
        var answered = 0
        for _ in 0..<50 where answered < 3 {
            _ = try engine.appendPageJSON(request, into: &bytes)
            let kept = try #require(engine.pages.entry(page))
            engine.pages.keep(
                page, rows: kept.rows, total: kept.total, state: kept.state, readTime: .seconds(2))
            let before = engine.pages.figures.hits
            _ = try engine.appendPageJSON(request, into: &bytes)
            if engine.pages.figures.hits > before { answered += 1 }
        }
        #expect(answered == 3)
        #expect(try eventually { try engine.indexes(of: "cats").contains { $0.field == "color" } })
    }

    @Test func threeSlowReadsIndexTheFieldAndTheEqualityThenReadsTheIndex() throws {
        let log = Log()
        let engine = try engine(rows: 10_000, log: log)
        #expect(try engine.indexes(of: "cats").isEmpty)
        let query = #"{"name":"cat 1234"}"#
        #expect(try plan(engine, query).contains("Seq Scan"))
        for _ in 0..<3 { #expect(try read(engine, query) == 1) }
        #expect(try eventually { !(try engine.indexes(of: "cats")).isEmpty })
        #expect(
            try engine.indexes(of: "cats")
                == [IndexDescription(field: "name", purposes: [.filter], automatic: true)])
        let planned = try plan(engine, query)
        let info = try engine.collection("cats")
        #expect(planned.contains("Index Scan") && planned.contains("docs_\(info.id)_av_"), "\(planned)")
        #expect(!planned.contains("Seq Scan"), "\(planned)")
        #expect(
            log.all.contains { $0.hasPrefix("auto-index: indexed cats.name (filter) in ") }, "\(log.all)")
        // Reads that use it are counted for the listing (from the moment the indexer knows of it,
        // just after it is in the database).
        #expect(
            try eventually {
                _ = try read(engine, query)
                return try !engine.indexUses(of: "cats").isEmpty
            })
        let before = try engine.indexUses(of: "cats").first?.reads ?? 0
        for _ in 0..<2 { _ = try read(engine, query) }
        let uses = try engine.indexUses(of: "cats")
        #expect(
            uses.map(\.field) == ["name"] && uses.first?.reads == before + 2 && uses.first?.purpose == .filter
        )
        #expect(abs((uses.first?.lastRead ?? 0) - ISODate.nowMilliseconds()) < 60_000)
        // Removable like a declared index.
        #expect(try engine.dropIndex(collection: "cats", field: "name"))
        #expect(try engine.indexes(of: "cats").isEmpty)
    }

    @Test func sortedReadsGetASortIndexAndADeclaredIndexTakesTheAutomaticOnesPlace() throws {
        let engine = try engine()
        let byAge = [SortKey(path: try FieldPath("age"), ascending: false)]
        for _ in 0..<3 { _ = try read(engine, "{}", sort: byAge) }
        #expect(try eventually { !(try engine.indexes(of: "cats")).isEmpty })
        #expect(
            try engine.indexes(of: "cats") == [
                IndexDescription(field: "age", purposes: [.sort], automatic: true)
            ])
        let found = try engine.find(FindRequest(collection: "cats", sort: byAge, max: 3))
        #expect(found.documents.map { $0.object()["age"]?.numberValue?.doubleValue } == [11, 11, 11])
        try engine.createIndex(collection: "cats", path: "age")
        #expect(
            try engine.indexes(of: "cats")
                == [IndexDescription(field: "age", purposes: [.filter, .sort], automatic: false)])
    }

    @Test func listPagesCountTooAndTheBoundsHold() throws {
        let log = Log()
        let engine = try engine(log: log) { $0.maximumPerCollection = 1 }
        for _ in 0..<3 {
            var bytes: [UInt8] = []
            let request = FindRequest(collection: "cats", query: try JSON.parse(#"{"color":"grey"}"#), max: 5)
            _ = try engine.appendPageJSON(request, into: &bytes)
        }
        #expect(try eventually { try engine.indexes(of: "cats").map(\.field) == ["color"] })
        for _ in 0..<3 { _ = try read(engine, #"{"age":3}"#) }
        #expect(
            try eventually {
                log.all.contains { $0.contains("not indexing cats.age (filter): at the limit") }
            })
        #expect(try engine.indexes(of: "cats").map(\.field) == ["color"])

        let small = Log()
        let tooLarge = try self.engine(log: small) { $0.maximumDocuments = 10 }
        for _ in 0..<3 { _ = try read(tooLarge, #"{"color":"grey"}"#) }
        #expect(try eventually { small.all.contains { $0.contains("50 documents is over the limit") } })
        #expect(try tooLarge.indexes(of: "cats").isEmpty)
    }

    @Test func anAutomaticIndexNoReadUsesIsDropped() throws {
        let log = Log()
        let engine = try engine(log: log) {
            $0.dropUnusedAfter = .milliseconds(300)
            $0.sweepInterval = .zero
        }
        for _ in 0..<3 { _ = try read(engine, #"{"color":"grey"}"#) }
        #expect(try eventually { try engine.indexes(of: "cats").map(\.field) == ["color"] })
        #expect(
            try eventually {
                _ = try read(engine, #"{"age":{"$gt":100}}"#)
                return try !engine.indexes(of: "cats").contains { $0.field == "color" }
            })
        // The line is written just after the index is gone: wait for it too.
        #expect(
            try eventually {
                log.all.contains { $0.hasPrefix("auto-index: dropped cats.color (filter): unused for ") }
            },
            "\(log.all)")
    }

    /// Updates and deletes that cost more than the index saved reads drop it, as on SQLite.
    @Test func anIndexWhoseWritesCostMoreThanItSavedIsDropped() throws {
        let log = Log()
        let engine = try engine(log: log) {
            $0.writeCost = .seconds(1)
            $0.sweepInterval = .zero
        }
        let indexer = try #require(engine.autoIndexer)
        for _ in 0..<3 { _ = try read(engine, #"{"color":"grey"}"#) }
        #expect(try eventually { try engine.indexes(of: "cats").map(\.field) == ["color"] })
        let some = try engine.find(FindRequest(collection: "cats", max: 2)).documents.map(\.id)
        _ = try engine.update(some[0], in: "cats", with: ["age": 3], actor: "api")
        _ = try engine.delete(some[1], from: "cats")
        indexer.sweepNow(engine)
        #expect(try engine.indexes(of: "cats").isEmpty)
        #expect(
            log.all.contains {
                $0.hasPrefix("auto-index: dropped cats.color (filter): ")
                    && $0.contains(" writes cost about ")
            }, "\(log.all)")
    }

    @Test func withoutAPolicyTheEngineNeverIndexesByItself() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insertMany(
            [["color": "grey"], ["color": "black"]], into: "cats", options: WriteOptions())
        for _ in 0..<20 { _ = try read(engine, #"{"color":"grey"}"#) }
        #expect(engine.autoIndexer == nil)
        #expect(try engine.indexes(of: "cats").isEmpty)
    }
}
