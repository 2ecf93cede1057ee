import DocumentJSON
import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The same documents in a SQLite `DocumentStore` and a `PostgresEngine`, the same reads on
/// both: the answers (documents by their `name`, groups as JSON) must be equal, and equal to
/// what restlite answers on SQLite, which each test also states.
@Suite("SQLite and PostgreSQL answer alike")
struct BothEnginesTests {
    /// A SQLite store and a PostgreSQL engine holding `documents` in collection `c`.
    final class Engines {
        let sqlite: TemporaryStore
        let postgres: PostgresEngine

        init(_ documents: [String]) throws {
            var options = DocumentStore.Options()
            options.clock = .stepping(from: 1_577_836_800_000, byMilliseconds: 1000)
            options.ids = .seeded(7)
            sqlite = try TemporaryStore(options: options)
            postgres = try PostgresEngineTests.engine()
            let objects = try documents.map(PostgresEngineTests.object)
            _ = try sqlite.store.insertMany(objects, into: "c")
            _ = try postgres.insertMany(objects, into: "c")
        }

        deinit { sqlite.close() }

        /// The `name`s of the documents `request` finds on each engine, in order.
        func names(_ request: FindRequest) throws -> (sqlite: [String], postgres: [String]) {
            (
                PostgresEngineTests.ids(try sqlite.store.find(request)),
                PostgresEngineTests.ids(try postgres.find(request))
            )
        }

        /// The groups `request` answers on each engine, each group as its JSON text, and the
        /// number of groups.
        func groups(_ request: FindRequest) throws -> (sqlite: [String], postgres: [String]) {
            func text(_ result: FindResult) -> [String] {
                (result.groups ?? []).map { JSONValue.object($0).serialized() } + [
                    "total \(result.total ?? -1)"
                ]
            }
            return (text(try sqlite.store.find(request)), text(try postgres.find(request)))
        }
    }

    @Test("arrays and objects equal a literal by their JSON text: [2.0] is not [2], as on SQLite")
    func containersCompareByText() throws {
        let engines = try Engines([
            #"{"name":"nested","b":[[2.0],0,""]}"#, #"{"name":"two","b":[2]}"#,
            #"{"name":"twoPointO","b":[2.0]}"#,
            #"{"name":"object","b":{"x":[2.0]}}"#, #"{"name":"objectTwo","b":{"x":[2]}}"#,
        ])
        let cases: [(query: String, names: [String])] = [
            (#"{"b":[2]}"#, ["two"]),
            (#"{"b":[2.0]}"#, ["nested", "twoPointO"]),
            (#"{"b":{"$in":[[2],[3]]}}"#, ["two"]),
            (#"{"b":{"$in":[[2.0],[3]]}}"#, ["nested", "twoPointO"]),
            (#"{"b":{"x":[2]}}"#, ["objectTwo"]),
            (#"{"b":{"$in":[{"x":[2.0]},{"x":[3]}]}}"#, ["object"]),
            (#"{"$nor":[{"b":[2]}]}"#, ["nested", "twoPointO", "object", "objectTwo"]),
        ]
        for (query, names) in cases {
            let request = FindRequest(collection: "c", query: try JSON.parse(query))
            let answers = try engines.names(request)
            #expect(answers.sqlite == names, "SQLite, \(query)")
            #expect(answers.postgres == names, "PostgreSQL, \(query)")
        }
    }
}
