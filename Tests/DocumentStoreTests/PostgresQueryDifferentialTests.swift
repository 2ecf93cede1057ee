import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore
@testable import PostgresStore

/// `QueryDifferentialTests` on the PostgreSQL engine: the same seeds, documents, queries,
/// sorts and filters, compiled through `PostgresDialect` and run on a throwaway cluster, must
/// select the ids the Swift evaluator selects, in its order. Seeds 4 and 5 run with the
/// engine's indexes on every path. A difference is a bug, or a documented exception
/// (docs/API.md, "PostgreSQL") that the test names.
///
/// `swift test` runs 50 queries per seed here (each is a round trip to the server, on top of
/// the evaluator's work that SQLite's rounds already do); the reliability suite runs 500
/// (quick) or 2,000 (long) through `RESTLITE_POSTGRES_DIFFERENTIAL_ROUNDS`, which sets these
/// rounds apart from SQLite's. Without it, `RESTLITE_DIFFERENTIAL_ROUNDS` when set, else 50.
/// As on SQLite, the share of queries that select something counts over all seeds together
/// (seeds 1 and 3 alone select something in fewer than a fifth of their first 50).
@Suite(.offPool) struct PostgresQueryDifferentialTests {
    static let rounds =
        ProcessInfo.processInfo.environment["RESTLITE_POSTGRES_DIFFERENTIAL_ROUNDS"].flatMap(Int.init)
        ?? ProcessInfo.processInfo.environment["RESTLITE_DIFFERENTIAL_ROUNDS"].flatMap(Int.init) ?? 50

    /// An engine on a new database whose collection `docs` holds `documents` (with their
    /// `_id`s; `_created` and `_changed` are their positions in ms, as in `QueryFixture`).
    static func engine(holding documents: [JSONValue]) throws -> (PostgresEngine, CollectionInfo)? {
        let url: String
        do {
            url = try TemporaryPostgres.shared().makeDatabase()
        } catch let error as TemporaryPostgres.Unavailable {
            Issue.record("PostgreSQL tests cannot run: \(error.description)")
            return nil
        }
        let engine = try PostgresEngine(url: url)
        let info = try engine.createCollection("docs")
        try engine.write { connection in
            try PostgresEngine.insertRows(
                documents.enumerated().map { position, document in
                    Document(
                        id: document["_id"]!.stringValue!, body: Array(document.serialized().utf8),
                        created: Int64(position), changed: Int64(position), createdBy: "api",
                        changedBy: "api",
                        version: 0)
                }, info: info, connection)
        }
        return (engine, info)
    }

    /// Generated `groupBy`/`aggregates` reads (field and date groups, one or two keys, every
    /// function on every path, some with a generated query) over generated documents: the
    /// PostgreSQL engine must answer the groups SQLite's `DocumentStore.groups` answers.
    @Test(arguments: [UInt64(1), 2, 3])
    func groupsAndAggregatesAreSQLites(seed: UInt64) throws {
        var generator = QueryGenerator(seed: seed)
        let documents = (0..<80).map { generator.document(id: "d" + String(1000 + $0).dropFirst()) }
        guard let (engine, _) = try Self.engine(holding: documents) else { return }
        let fixture = try QueryFixture(documents: documents)
        let sqliteInfo = CollectionInfo(id: 1, name: "docs", schema: nil, created: 0)
        let fields = QueryGenerator.paths + ["_id", "_created", "_version", "missing"]
        let dateGroups = ["$YEAR:", "$MONTH:", "$DAY:", "$HOUR:", "$SEC:", "$DATE.MMM D, YY H:mm:ss.SSS:"]
        var compared = 0
        for round in 0..<60 {
            var keys: [String] = []
            for _ in 0..<(round % 3) {
                let field = generator.pick(fields)
                keys.append(generator.chance(30) ? generator.pick(dateGroups) + field : field)
            }
            var aggregates = [Aggregate(function: .count, field: "n")]
            for function in Aggregate.Function.allCases where function != .count && generator.chance(60) {
                aggregates.append(Aggregate(function: function, field: generator.pick(fields)))
            }
            let json = generator.chance(40) ? generator.query(depth: 1) : JSONValue.object([:])
            let query = try DynamicDate.$fixedNow.withValue(1_577_874_600_000) { try Query.parse(json) }
            let (skip, max) = generator.chance(20) ? (generator.int(4), 1 + generator.int(4)) : (0, 1000)
            let request = FindRequest(
                collection: "docs", query: json, skip: skip, max: max, groupBy: keys, aggregates: aggregates)
            let expected = try fixture.connection.transaction {
                try DocumentStore.groups(
                    request, info: sqliteInfo, condition: query.sqlCondition(bodyColumn: "body"), skip: skip,
                    max: max, fixture.connection)
            }
            let actual = try DynamicDate.$fixedNow.withValue(1_577_874_600_000) { try engine.find(request) }
            let answer = { (groups: [JSONObject], total: Int?) in
                groups.map { JSONValue.object($0).serialized() } + ["total \(total ?? -1)"]
            }
            let sqlite = answer(expected.groups, expected.total)
            let postgres = answer(actual.groups ?? [], actual.total)
            #expect(
                postgres == sqlite,
                "seed \(seed) round \(round): \(json) \(keys) \(aggregates) \(skip) \(max)")
            if postgres != sqlite { return }
            compared += expected.groups.count
        }
        #expect(compared > 100)
    }

    @Test func postgresAndEvaluatorReturnTheSameDocumentsInTheSameOrder() throws {
        var selecting = 0
        for seed in QueryDifferentialTests.seeds {
            guard let selected = try rounds(seed: seed) else { return }
            selecting += selected
        }
        QueryDifferentialTests.expectMostSelectSomething(
            selecting, of: Self.rounds * QueryDifferentialTests.seeds.count)
    }

    /// The rounds of one seed on a new database; how many queries selected something (nil
    /// without PostgreSQL).
    private func rounds(seed: UInt64) throws -> Int? {
        var generator = QueryGenerator(seed: seed)
        let documents = (0..<80).map { generator.document(id: "d" + String(1000 + $0).dropFirst()) }
        guard let (engine, info) = try Self.engine(holding: documents) else { return nil }
        if seed > 3 {
            for path in QueryGenerator.paths { try engine.createIndex(collection: "docs", path: path) }
        }
        let dialect = PostgresDialect()
        func condition(_ query: Query, _ filter: String?) -> SQLFragment {
            let condition = query.sqlCondition(bodyColumn: PostgresEngine.documentColumn, dialect: dialect)
            guard let filter else { return condition }
            return condition + SQLFragment(" AND ")
                + Query.filterCondition(
                    text: filter, bodyColumn: PostgresEngine.documentColumn, dialect: dialect)
        }
        return try QueryDifferentialTests.runRounds(
            Self.rounds, seed: seed, generator: &generator, documents: documents
        ) {
            query, sort, filter in
            let condition = condition(query, filter)
            let order = (sort.map(PostgresEngine.ordering) + ["id"]).joined(separator: ", ")
            return try engine.run { connection in
                let rows = try connection.execute(
                    "SELECT id FROM \(info.table) WHERE \(condition.sql) ORDER BY \(order)",
                    condition.bindings)
                return (0..<rows.count).map { rows.text($0, 0) ?? "" }
            }
        } sql: { query, filter in
            condition(query, filter).sql
        }
    }
}
