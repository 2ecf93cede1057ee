import DocumentJSON
import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The main `DocumentStore` cases (DocumentWriteTests, FindTests, SchemaAndDateTests) on the
/// PostgreSQL engine, each in a database of its own on the shared throwaway cluster.
@Suite("PostgreSQL engine", .offPool)
struct PostgresEngineTests {
    static func engine(budget: Duration? = nil) throws -> PostgresEngine {
        var options = PostgresEngine.Options()
        options.clock = .stepping(from: 1_577_836_800_000, byMilliseconds: 1000)
        options.ids = .seeded(7)
        options.queryBudget = budget
        return try PostgresEngine(url: try TemporaryPostgres.databaseURL(), options: options)
    }

    static func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSON.parse(text) else { throw StoreError.badRequest(text) }
        return object
    }

    static func ids(_ result: FindResult) -> [String] {
        result.documents.compactMap { $0.object()["name"]?.stringValue }
    }

    @Test("insert fills the system fields as DocumentStore does and document(id) reads the body back as sent")
    func insertAndRead() throws {
        let engine = try Self.engine()
        let cat = try engine.insert(
            try Self.object(#"{"name":"Tom","_version":9,"lives":9,"tags":["a"]}"#), into: "cats")
        #expect(ObjectID.isValid(cat.id))
        #expect(cat.version == 0 && cat.createdBy == "api" && cat.created == 1_577_836_801_000)
        let read = try engine.document(cat.id, in: "cats")
        #expect(read == cat)
        #expect(
            read.jsonString(metafields: false) == #"{"_id":"\#(cat.id)","name":"Tom","lives":9,"tags":["a"]}"#
        )
        #expect(throws: StoreError.documentNotFound("5e0be1000000000000000000")) {
            try engine.document("5e0be1000000000000000000", in: "cats")
        }
        #expect(throws: StoreError.collectionNotFound("dogs", existing: ["cats"])) {
            try engine.document(cat.id, in: "dogs")
        }
        #expect(try engine.listCollections().map { "\($0.name):\($0.count)" } == ["cats:1"])
    }

    @Test("insertMany is all or nothing: a refused document leaves neither the others nor a new collection")
    func insertManyAtomic() throws {
        let engine = try Self.engine()
        let schema = CollectionSchema(fields: [
            FieldSchema(name: "name", type: .text, required: true),
            FieldSchema(name: "chip", type: .text, unique: true),
        ])
        try engine.setSchema(schema, for: "cats")
        #expect(throws: StoreError.self) {
            try engine.insertMany(
                [try Self.object(#"{"name":"A"}"#), try Self.object(#"{"lives":1}"#)], into: "cats")
        }
        #expect(try engine.count(in: "cats") == 0)
        #expect(throws: StoreError.self) {
            try engine.insertMany(
                [try Self.object(#"{"x":1}"#), try Self.object(#"{"$bad":1}"#)], into: "fresh")
        }
        #expect(!engine.collectionNames().contains("fresh"))
        let two = try engine.insertMany(
            [try Self.object(#"{"name":"A","chip":"1"}"#), try Self.object(#"{"name":"B","chip":"2"}"#)],
            into: "cats")
        #expect(two.count == 2)
        #expect(throws: StoreError.uniqueViolation(field: "chip", value: "1")) {
            try engine.insert(try Self.object(#"{"name":"C","chip":"1"}"#), into: "cats")
        }
        #expect(throws: StoreError.uniqueViolation(field: "chip", value: "2")) {
            try engine.update(two[0].id, in: "cats", with: try Self.object(#"{"chip":"2"}"#))
        }
        #expect(try engine.count(in: "cats") == 2)
    }

    @Test("updates merge, apply operators, advance _version and honour ifVersionIn; updateMany and deletes")
    func updatesAndDeletes() throws {
        let engine = try Self.engine()
        let tom = try engine.insert(
            try Self.object(#"{"name":"Tom","lives":9,"toys":["ball"]}"#), into: "cats")
        let updated = try engine.update(
            tom.id, in: "cats",
            with: try Self.object(#"{"$inc":{"lives":-1},"$push":{"toys":"yarn"},"color":"grey"}"#))
        #expect(updated.version == 1 && updated.changed > tom.changed)
        #expect(updated.object()["lives"] == .number(JSONNumber(8)))
        #expect(updated.object()["toys"] == .array([.string("ball"), .string("yarn")]))
        #expect(throws: VersionConflict(id: tom.id, current: 1)) {
            try engine.update(
                tom.id, in: "cats", with: try Self.object(#"{"a":1}"#), actor: "api", ifVersionIn: [0])
        }
        #expect(
            try engine.update(
                tom.id, in: "cats", with: try Self.object(#"{"a":1}"#), actor: "api", ifVersionIn: [1]
            ).version == 2)
        let others = try engine.insertMany(
            [try Self.object(#"{"name":"A","n":1}"#), try Self.object(#"{"name":"B","n":2}"#)], into: "cats")
        let changed = try engine.updateMany(
            in: "cats", matching: try JSON.parse(#"{"n":{"$gte":1}}"#),
            with: try Self.object(#"{"$set":{"seen":true}}"#))
        #expect(changed == others.map(\.id).sorted())
        #expect(try engine.count(in: "cats", matching: try JSON.parse(#"{"seen":true}"#)) == 2)
        #expect(try engine.delete(matching: try JSON.parse(#"{"name":"A"}"#), from: "cats") == [others[0].id])
        #expect(
            try engine.delete(ids: [others[1].id, others[1].id, tom.id], from: "cats") == [
                others[1].id, tom.id,
            ])
        #expect(throws: StoreError.documentNotFound(tom.id)) { try engine.delete(tom.id, from: "cats") }
        #expect(try engine.count(in: "cats") == 0)
        #expect(try engine.dropCollection("cats").isEmpty)
        #expect(engine.collectionNames().isEmpty)
    }

    @Test("find: sort across types as SQLite sorts, skip and max, totals, $fields, filter, regex and dates")
    func find() throws {
        let engine = try Self.engine()
        let values = [
            #"{"name":"n","v":"b"}"#, #"{"name":"m"}"#, #"{"name":"i","v":10}"#, #"{"name":"t","v":true}"#,
            #"{"name":"o","v":{"a":1}}"#, #"{"name":"a","v":[1]}"#, #"{"name":"f","v":false}"#,
            #"{"name":"s","v":"B"}"#, #"{"name":"r","v":2.5}"#, #"{"name":"z","v":null}"#,
        ]
        _ = try engine.insertMany(try values.map(Self.object), into: "mix")
        let sorted = try engine.find(
            FindRequest(collection: "mix", sort: [SortKey(path: try FieldPath("v"))]))
        #expect(Self.ids(sorted) == ["m", "z", "r", "i", "s", "n", "o", "a", "f", "t"])
        let descending = try engine.find(
            FindRequest(
                collection: "mix", sort: [SortKey(path: try FieldPath("v"), ascending: false)], skip: 1,
                max: 3))
        #expect(Self.ids(descending) == ["f", "a", "o"])
        let numbers = try engine.find(
            FindRequest(collection: "mix", query: try JSON.parse(#"{"v":{"$gt":2}}"#), max: 1, totals: true))
        #expect(numbers.total == 2 && numbers.documents.count == 1)
        let projected = try engine.find(
            FindRequest(
                collection: "mix", query: try JSON.parse(#"{"name":"o"}"#),
                hints: try JSON.parse(#"{"$fields":{"v":1}}"#)))
        #expect(projected.documents.first?.object().keys.sorted() == ["_id", "v"])
        let filtered = try engine.find(FindRequest(collection: "mix", filter: "b"))
        #expect(Set(Self.ids(filtered)) == ["n", "s"])
        let regex = try engine.find(
            FindRequest(collection: "mix", query: try JSON.parse(#"{"v":{"$regex":"^b$","$options":"i"}}"#)))
        #expect(Set(Self.ids(regex)) == ["n", "s"])
        let inList = try engine.find(
            FindRequest(collection: "mix", query: try JSON.parse(#"{"v":{"$in":[1,10,"b",false]}}"#)))
        #expect(Set(Self.ids(inList)) == ["i", "n", "a", "f"])
        let dated = try engine.insertMany(
            [
                try Self.object(#"{"name":"d1","born":"2020-01-02"}"#),
                try Self.object(#"{"name":"d2","born":"2021-06-01T10:00:00+02:00"}"#),
            ],
            into: "dates")
        #expect(dated.count == 2)
        let after = try engine.find(
            FindRequest(
                collection: "dates",
                query: try JSON.parse(#"{"born":{"$gt":{"$date":"2021-06-01T07:59:00Z"}}}"#)))
        #expect(Self.ids(after) == ["d2"])
        let before = try engine.find(
            FindRequest(
                collection: "dates",
                query: try JSON.parse(#"{"born":{"$lt":{"$date":"2021-06-01T08:00:00Z"}}}"#)))
        #expect(Self.ids(before) == ["d1"])
        let byID = try engine.find(
            FindRequest(
                collection: "dates",
                query: .object(["_id": .object(["$in": .array(dated.map { .string($0.id) })])])))
        #expect(byID.documents.count == 2)
    }

    @Test("createIndex makes the expression indexes (idempotent) and queries still answer the same")
    func indexes() throws {
        let engine = try Self.engine()
        var cats: [JSONObject] = []
        for number in 0..<50 {
            var cat = JSONObject()
            cat["name"] = .string("c\(number)")
            cat["n"] = .number(JSONNumber(Int64(number % 7)))
            cats.append(cat)
        }
        _ = try engine.insertMany(cats, into: "cats")
        let name = try engine.createIndex(collection: "cats", path: "n")
        #expect(try engine.createIndex(collection: "cats", path: "n") == name)
        let indexes = try engine.run { connection in
            try connection.execute(
                "SELECT indexdef FROM pg_indexes WHERE indexdef LIKE '%restlite_sortkey%' OR indexdef LIKE '%doc -> %'"
            )
        }
        #expect(indexes.count == 2)
        let found = try engine.find(
            FindRequest(
                collection: "cats", query: try JSON.parse(#"{"n":3}"#),
                sort: [SortKey(path: try FieldPath("n"))]))
        #expect(found.documents.count == 7)
    }

    @Test("importRecords runs in one transaction: a bad record leaves nothing, a good file lands whole")
    func importRecords() throws {
        let engine = try Self.engine()
        let schema = CollectionSchema(fields: [FieldSchema(name: "name", type: .text, required: true)])
        var batches = [
            [ImportRecord(document: try Self.object(#"{"name":"a"}"#), line: 1)],
            [ImportRecord(document: try Self.object(#"{"other":1}"#), line: 2)],
        ]
        #expect(throws: ImportError.self) {
            try engine.importRecords(
                into: "imported", newSchema: schema, replace: false, keepIDs: false, file: "cats.json",
                nextBatch: { batches.isEmpty ? nil : batches.removeFirst() })
        }
        #expect(!engine.collectionNames().contains("imported"))
        batches = [(0..<1500).map { ImportRecord(document: ["name": .string("c\($0)")], line: $0 + 1) }]
        try engine.importRecords(
            into: "imported", newSchema: schema, replace: false, keepIDs: false, file: "cats.json",
            nextBatch: { batches.isEmpty ? nil : batches.removeFirst() })
        var seen = 0
        var last = ""
        try engine.forEachDocument(in: "imported") { document in
            #expect(document.id > last)
            last = document.id
            seen += 1
        }
        #expect(seen == 1500)
        #expect(try engine.document(last, in: "imported").createdBy == "import")
    }

    @Test("the query budget is statement_timeout and answers SQLite's budget message")
    func budget() throws {
        // A budget that ordinary statements (this insert creates the collection's table) meet
        // under any load, and a sleep far past it: the budget alone ends the statement.
        let engine = try Self.engine(budget: .seconds(1))
        _ = try engine.insert(["name": .string("x")], into: "slow")
        #expect {
            try engine.mapped {
                try engine.run { connection in try connection.execute("SELECT pg_sleep(30)") }
            }
        } throws: { error in
            guard case .badRequest(let message) = error as? StoreError else { return false }
            return message.contains("restlite serve --query-budget")
        }
    }

    @Test("a database that cannot be reached throws StoreUnavailable, which the API answers with 503")
    func unreachable() throws {
        #expect(throws: StoreUnavailable.self) {
            _ = try PostgresEngine(
                url: "postgresql:///none?host=/nonexistent-socket-folder&connect_timeout=2")
        }
    }
}
