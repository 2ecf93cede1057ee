import DocumentJSON
import Foundation
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// The SQL path and the Swift evaluator must agree, ids and order, on generated queries over
/// generated documents. Seeded, so a failure reproduces; the failing case is printed with its
/// seed and round. Seeds 4 and 5 run with store indexes on every path, so SQLite answers through
/// index lookups, multi-index ORs and index-ordered sorts, which must not change a result.
///
/// `swift test` runs 100 queries per seed; the reliability suite runs 2,000
/// (`RESTLITE_DIFFERENTIAL_ROUNDS=2000`, Tests/reliability/run.sh). The checks that the queries
/// prove something (few refused as too complex, most selecting something) count over all seeds
/// together, so they hold at 100 rounds as at 2,000 (seed 3 alone has 3 refusals in its first
/// 100, where one seed's 2% would allow 1).
@Suite struct QueryDifferentialTests {
    static let rounds =
        ProcessInfo.processInfo.environment["RESTLITE_DIFFERENTIAL_ROUNDS"].flatMap(Int.init) ?? 100
    static let seeds: [UInt64] = [1, 2, 3, 4, 5]

    @Test func sqlAndEvaluatorReturnTheSameDocumentsInTheSameOrder() throws {
        var refused = 0
        var selecting = 0
        for seed in Self.seeds {
            var generator = QueryGenerator(seed: seed)
            let documents = (0..<80).map { generator.document(id: String(format3($0))) }
            let fixture = try QueryFixture(documents: documents)
            if seed > 3 { try fixture.createIndexes(QueryGenerator.paths) }
            selecting += try Self.runRounds(
                Self.rounds, seed: seed, generator: &generator, documents: documents
            ) {
                query, sort, filter in
                do {
                    return try fixture.ids(query, sort: sort, filter: filter)
                } catch let error as SQLiteError where QueryFailure.storeError(error) != nil {
                    // Too deep for SQLite's parser (paths through arrays nest subqueries): the
                    // store answers 400. Allowed, but only rarely.
                    refused += 1
                    return nil
                }
            } sql: { query, _ in
                query.sqlCondition(bodyColumn: "body").sql
            }
        }
        let total = Self.rounds * Self.seeds.count
        #expect(refused < total / 50, "\(refused) of \(total) queries refused as too complex")
        Self.expectMostSelectSomething(selecting, of: total)
    }

    /// Most generated queries must select something, or the differential proves little: more
    /// than a fifth of all rounds, over all seeds.
    static func expectMostSelectSomething(_ selecting: Int, of total: Int) {
        #expect(selecting > total / 5, "\(selecting) of \(total) queries selected something")
    }

    /// The rounds of one seed on one engine, shared by both engines' differential tests: each
    /// generated query (with a sort and a free-text filter now and then) must select, through
    /// `engine`, the ids the evaluator selects over `documents`, in its order. `engine` answers
    /// nil for a query the database refused as too complex (counted by the caller); `sql`
    /// shows the compiled condition in a failure, which stops the rounds. Returns how many
    /// queries selected something (the caller checks that share over all its seeds).
    static func runRounds(
        _ rounds: Int, seed: UInt64, generator: inout QueryGenerator, documents: [JSONValue],
        engine: (Query, [SortKey], String?) throws -> [String]?, sql: (Query, String?) -> String
    ) throws -> Int {
        let objects = documents.enumerated().map { ($0.offset, $0.element.objectValue!) }
        var checked = 0
        for round in 0..<rounds {
            let json = generator.query(depth: 2)
            let query = try DynamicDate.$fixedNow.withValue(1_577_874_600_000) { try Query.parse(json) }
            let sort =
                generator.chance(50)
                ? [
                    SortKey(
                        path: try FieldPath(generator.pick(QueryGenerator.paths)),
                        ascending: generator.chance(50))
                ] : []
            let filter = generator.chance(10) ? generator.pick(["a", "B", "é", "\"", "b\\"]) : nil
            let expected =
                objects
                .filter { entry in
                    QueryEvaluator.matches(query.root, entry.1)
                        && (filter.map { QueryEvaluator.filterMatches($0, entry.1) } ?? true)
                }
                .sorted { QueryEvaluator.inOrder($0, $1, keys: sort) }
                .map { $0.1["_id"]!.stringValue! }
            guard let actual = try engine(query, sort, filter) else { continue }
            if actual != expected {
                let involved = Set(actual).symmetricDifference(expected)
                let shown = documents.filter { involved.contains($0["_id"]!.stringValue!) }.map(\.description)
                Issue.record(
                    """
                    seed \(seed) round \(round): \(json) sort \(sort.map { "\($0.path) \($0.ascending)" }) \
                    filter \(filter ?? "-")
                    SQL: \(sql(query, filter))
                    expected \(expected)
                    actual   \(actual)
                    documents: \(shown.joined(separator: "\n"))
                    """)
                return checked
            }
            checked += expected.isEmpty ? 0 : 1
        }
        return checked
    }

    private func format3(_ number: Int) -> String {
        let digits = String(number)
        return "d" + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
