import DocumentJSON
import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The same documents in a SQLite `DocumentStore` and a `PostgresEngine`, the same reads on
/// both: the answers (documents by their `name`, groups as JSON) must be equal, and equal to
/// what restlite answers on SQLite, which each test also states.
@Suite("SQLite and PostgreSQL answer alike", .offPool)
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

    private static let mixed = [
        #"{"k":true,"v":1,"o":{"a":1}}"#, #"{"k":1,"v":"x","o":[1,2]}"#, #"{"k":{"a":1},"v":false}"#,
        #"{"k":[1,2],"v":{"z":1}}"#, #"{"k":"{\"a\":1}","v":2.5}"#, #"{"k":true,"v":[3]}"#, #"{}"#,
        #"{"k":null}"#, #"{"k":1.0,"v":"7","s":" 12 "}"#, #"{"k":2.0,"v":true,"s":"2020-01-02"}"#,
        #"{"k":1e1,"v":1e1,"s":4,"d":"2021-12-31T23:30:00-01:00"}"#,
        #"{"k":"b","v":"2019-05-06T07:08:09.010Z","s":2.5,"d":"2020-01-02"}"#,
        #"{"k":"B","d":"2020-01-01T12:30:00+02:00","s":true}"#, #"{"k":"é","d":"not a date","s":[1]}"#,
    ]

    @Test("groups and aggregates: values, type-class order, MIN/MAX/SUM/AVG/COUNT, paging, as on SQLite")
    func groupsAndAggregates() throws {
        let engines = try Engines(Self.mixed)
        let all = ["SUM", "AVG", "MIN", "MAX"].flatMap { function in
            ["v", "s", "o", "k", "missing", "_created", "_version", "_id"].map { "\(function):\($0)" }
        }
        let requests: [(FindRequest, [String]?)] = [
            (
                FindRequest(
                    collection: "c", groupBy: ["k"], aggregates: [Aggregate(function: .count, field: "n")]),
                [
                    #"{"k":null,"n":2}"#, #"{"k":1,"n":2}"#, #"{"k":2,"n":1}"#, #"{"k":10,"n":1}"#,
                    #"{"k":"B","n":1}"#,
                    #"{"k":"b","n":1}"#, #"{"k":"{\"a\":1}","n":1}"#, #"{"k":"é","n":1}"#,
                    #"{"k":{"a":1},"n":1}"#,
                    #"{"k":[1,2],"n":1}"#, #"{"k":true,"n":2}"#, "total 11",
                ]
            ),
            (
                FindRequest(
                    collection: "c",
                    hints: try JSON.parse(#"{"$aggregate":["MIN:v","MAX:v","MIN:o","MAX:o","SUM:s"]}"#)),
                [#"{"MIN:v":1,"MAX:v":true,"MIN:o":{"a":1},"MAX:o":[1,2],"SUM:s":2039.5}"#, "total 1"]
            ),
            (
                FindRequest(collection: "c", hints: .object(["$aggregate": .array(all.map { .string($0) })])),
                nil
            ),
            (
                FindRequest(
                    collection: "c", groupBy: ["v"], aggregates: try all.map { try Aggregate(spec: $0) }), nil
            ),
            (FindRequest(collection: "c", skip: 2, max: 3, groupBy: ["k", "_createdby"]), nil),
            (FindRequest(collection: "c", skip: 20, max: 3, groupBy: ["k"]), nil),
            (
                FindRequest(
                    collection: "c", query: try JSON.parse(#"{"k":{"$gte":0}}"#),
                    groupBy: ["_version"],
                    aggregates: [
                        Aggregate(function: .sum, field: "k"), Aggregate(function: .avg, field: "k"),
                    ]),
                [#"{"_version":0,"SUM:k":14,"AVG:k":2.8}"#, "total 1"]
            ),
        ]
        for (request, expected) in requests {
            let answers = try engines.groups(request)
            #expect(answers.postgres == answers.sqlite, "\(request.groupBy) \(request.aggregates)")
            if let expected { #expect(answers.sqlite == expected, "SQLite, \(request.groupBy)") }
        }
    }

    @Test("date groups, of body fields and of system columns, as on SQLite")
    func dateGroups() throws {
        let engines = try Engines(Self.mixed)
        let specs = [
            "$YEAR:d", "$MONTH:d", "$DAY:d", "$HOUR:d", "$SEC:d", "$DATE.YYYY-MM:d", "$DATE.MMM YY:d",
            "$DATE.D/M/YYYY HH:mm:ss.SSS:d", "$DATE.MMMM:d", "$DATE.H:d", "$DATE.'YY' M:v", "$YEAR:_created",
            "$DATE.MMMM D, H:mm:ss.SSS:_changed", "$DAY:_createdby", "$MONTH:_version", "$SEC:k",
        ]
        for spec in specs {
            let request = FindRequest(
                collection: "c", groupBy: [spec], aggregates: [Aggregate(function: .count, field: "n")])
            let answers = try engines.groups(request)
            #expect(answers.postgres == answers.sqlite, "\(spec)")
        }
        let months = try engines.groups(
            FindRequest(
                collection: "c", groupBy: ["$DATE.MMMM YYYY:d"],
                aggregates: [Aggregate(function: .count, field: "n")]))
        #expect(
            months.sqlite == [
                #"{"$DATE.MMMM YYYY:d":null,"n":11}"#, #"{"$DATE.MMMM YYYY:d":"January 2020","n":2}"#,
                #"{"$DATE.MMMM YYYY:d":"January 2022","n":1}"#, "total 3",
            ])
        #expect(months.postgres == months.sqlite)
    }

    @Test("a SUM of integers beyond 64 bits is a bad request on both engines")
    func sumOverflow() throws {
        let engines = try Engines([#"{"n":9223372036854775807}"#, #"{"n":1}"#])
        let request = FindRequest(collection: "c", aggregates: [Aggregate(function: .sum, field: "n")])
        #expect(throws: StoreError.badRequest(QueryFailure.sumOverflow)) {
            try engines.sqlite.store.find(request)
        }
        #expect(throws: StoreError.badRequest(QueryFailure.sumOverflow)) {
            try engines.postgres.find(request)
        }
    }

    @Test("a delete cascades to children and grandchildren on both engines, reported per collection")
    func cascadeToGrandchildren() throws {
        let engines = try Engines([])
        let engineList: [any DocumentEngine] = [engines.sqlite.store, engines.postgres]
        for engine in engineList {
            try engine.setSchema(
                CollectionSchema(fields: [FieldSchema(name: "visits", type: .child, collection: "visits")]),
                for: "cats")
            try engine.setSchema(
                CollectionSchema(fields: [FieldSchema(name: "notes", type: .child, collection: "notes")]),
                for: "visits")
            let cats = try engine.insertMany([["name": "Tom"], ["name": "Kit"]], into: "cats").map(\.id)
            let visits = try engine.insertChildren(
                [["vet": "A"], ["vet": "B"]],
                of: ParentLink(collection: "cats", id: cats[0], field: "visits"),
                into: "visits", options: WriteOptions())
            _ = try engine.insertChildren(
                [["vet": "C"]], of: ParentLink(collection: "cats", id: cats[1], field: "visits"),
                into: "visits",
                options: WriteOptions())
            _ = try engine.insertChildren(
                [["text": "fine"]], of: ParentLink(collection: "visits", id: visits[0].id, field: "notes"),
                into: "notes", options: WriteOptions())
            #expect(try engine.delete(ids: [cats[0]], from: "cats") == [cats[0]])
            #expect(try engine.count(in: "visits", matching: nil) == 1, "\(type(of: engine))")
            #expect(try engine.count(in: "notes", matching: nil) == 0, "\(type(of: engine))")
        }
    }
}
