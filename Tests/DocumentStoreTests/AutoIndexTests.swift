import DocumentJSON
import Foundation
import PlatformSupport
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// The store indexes the fields slow reads use (`AutoIndexPolicy`), within its bounds, lists
/// and removes them, and drops the ones no read uses.
@Suite(.offPool) struct AutoIndexTests {
    /// Log lines the store wrote, shared with its background thread.
    final class Log: @unchecked Sendable {
        private let lock = PosixCondition()
        private var lines: [String] = []

        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Every read counts as slow, and three on one field index it.
    private func fixture(_ change: (inout AutoIndexPolicy) -> Void = { _ in }, log: Log = Log()) throws
        -> StoreFixture
    {
        var policy = AutoIndexPolicy()
        policy.slowRead = .zero
        policy.log = { log.append($0) }
        change(&policy)
        var options = DocumentStore.Options()
        options.autoIndex = policy
        let fixture = try StoreFixture(options: options)
        let cats: [JSONObject] = (0..<50).map { number in
            [
                "name": .string("cat \(number)"), "color": .string(number % 3 == 0 ? "grey" : "black"),
                "age": .number(JSONNumber(number % 12)),
            ]
        }
        _ = try fixture.store.insertMany(cats, into: "cats")
        return fixture
    }

    private func read(_ store: DocumentStore, _ query: String, sort: [SortKey] = []) throws -> Int {
        try store.find(FindRequest(collection: "cats", query: try JSON.parse(query), sort: sort, max: 5))
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

    @Test func threeSlowReadsOnAFieldIndexItAndTheReadsThenUseTheIndex() throws {
        let log = Log()
        let fixture = try fixture(log: log)
        defer { fixture.close() }
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
        for _ in 0..<3 { #expect(try read(fixture.store, #"{"color":"grey"}"#) == 5) }
        #expect(try eventually { !(try fixture.store.indexes(of: "cats")).isEmpty })
        #expect(
            try fixture.store.indexes(of: "cats")
                == [IndexDescription(field: "color", purposes: [.filter], automatic: true)])
        // The condition the store's reads run (split over the index's tiers, `AutomaticTiers`).
        let condition = try fixture.store.prepare(
            FindRequest(collection: "cats", query: try JSON.parse(#"{"color":"grey"}"#))
        ).condition
        let plan = try fixture.store.pool.read { connection in
            var details: [String] = []
            try connection.forEachRow(
                "EXPLAIN QUERY PLAN SELECT id FROM \"docs_1\" WHERE " + condition.sql, condition.bindings
            ) { details.append($0.text(3) ?? "") }
            return details.joined(separator: "\n")
        }
        #expect(plan.contains("USING INDEX ix_1_color_avt0to50_"), "\(plan)")
        #expect(try read(fixture.store, #"{"color":"grey"}"#) == 5)
        #expect(
            log.all.contains { $0.hasPrefix("auto-index: indexed cats.color (filter) in ") }, "\(log.all)")
    }

    /// The list route renders pages with `appendPageJSON`; its reads count as `find`'s do.
    @Test func pagesRenderedAsJSONCountToo() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        for _ in 0..<3 {
            var bytes: [UInt8] = []
            let request = FindRequest(collection: "cats", query: try JSON.parse(#"{"color":"grey"}"#), max: 5)
            _ = try fixture.store.appendPageJSON(request, into: &bytes)
            #expect(bytes.count > 2)
        }
        #expect(try eventually { try fixture.store.indexes(of: "cats").map(\.field) == ["color"] })
    }

    /// `GET /_restlite/indexes` and the console show how reads used an automatic index.
    @Test func readsThatUseAnAutomaticIndexAreCountedWithTheTimeOfTheLast() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        for _ in 0..<3 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        #expect(try eventually { !(try fixture.store.indexes(of: "cats")).isEmpty })
        // Counted from the moment the indexer knows of it, just after it is in the file.
        #expect(
            try eventually {
                _ = try read(fixture.store, #"{"color":"grey"}"#)
                return try !fixture.store.indexUses(of: "cats").isEmpty
            })
        let before = try fixture.store.indexUses(of: "cats").first?.reads ?? 0
        for _ in 0..<2 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        let uses = try fixture.store.indexUses(of: "cats")
        #expect(uses.map(\.field) == ["color"] && uses.first?.purpose == .filter)
        #expect(uses.first?.reads == before + 2)
        #expect(abs((uses.first?.lastRead ?? 0) - ISODate.nowMilliseconds()) < 60_000)
        // A read on another field uses nothing.
        _ = try read(fixture.store, #"{"age":1}"#)
        #expect(try fixture.store.indexUses(of: "cats").first?.reads == before + 2)
    }

    @Test func fastReadsAndTwoSlowOnesIndexNothing() throws {
        let fixture = try fixture { $0.slowRead = .seconds(60) }
        defer { fixture.close() }
        for _ in 0..<10 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        let slow = try self.fixture()
        defer { slow.close() }
        for _ in 0..<2 { _ = try read(slow.store, #"{"color":"grey"}"#) }
        // A read on another field starts the background pass; it must not index `color`.
        for _ in 0..<3 { _ = try read(slow.store, #"{"age":3}"#) }
        #expect(try eventually { try slow.store.indexes(of: "cats").count == 1 })
        #expect(try slow.store.indexes(of: "cats").map(\.field) == ["age"])
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
    }

    @Test func sortedReadsGetASortIndexThatThePageUses() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        let byAge = [SortKey(path: try FieldPath("age"), ascending: false)]
        for _ in 0..<3 { _ = try read(fixture.store, "{}", sort: byAge) }
        #expect(try eventually { !(try fixture.store.indexes(of: "cats")).isEmpty })
        #expect(
            try fixture.store.indexes(of: "cats") == [
                IndexDescription(field: "age", purposes: [.sort], automatic: true)
            ])
        let found = try fixture.store.find(FindRequest(collection: "cats", sort: byAge, max: 3))
        #expect(found.documents.map { $0.object()["age"]?.numberValue?.doubleValue } == [11, 11, 11])
    }

    @Test func automaticIndexesStayWithinTheirBounds() throws {
        let log = Log()
        let fixture = try fixture({ $0.maximumPerCollection = 1 }, log: log)
        defer { fixture.close() }
        for _ in 0..<3 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        #expect(try eventually { try fixture.store.indexes(of: "cats").count == 1 })
        for _ in 0..<3 { _ = try read(fixture.store, #"{"age":3}"#) }
        #expect(
            try eventually {
                log.all.contains { $0.contains("not indexing cats.age (filter): at the limit") }
            })
        #expect(try fixture.store.indexes(of: "cats").map(\.field) == ["color"])

        let small = Log()
        let tooLarge = try self.fixture({ $0.maximumDocuments = 10 }, log: small)
        defer { tooLarge.close() }
        for _ in 0..<3 { _ = try read(tooLarge.store, #"{"color":"grey"}"#) }
        #expect(try eventually { small.all.contains { $0.contains("50 documents is over the limit") } })
        #expect(try tooLarge.store.indexes(of: "cats").isEmpty)
    }

    @Test func anAutomaticIndexNoReadUsesIsDropped() throws {
        let log = Log()
        let fixture = try fixture(
            {
                $0.dropUnusedAfter = .milliseconds(300)
                $0.sweepInterval = .zero
            }, log: log)
        defer { fixture.close() }
        for _ in 0..<3 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        #expect(try eventually { try fixture.store.indexes(of: "cats").map(\.field) == ["color"] })
        // Reads on `age` only: `color`'s index goes unused, and a later pass drops it.
        #expect(
            try eventually {
                _ = try read(fixture.store, #"{"age":{"$gt":100}}"#)
                return try !fixture.store.indexes(of: "cats").contains { $0.field == "color" }
            })
        // The line is written just after the index is gone: wait for it too.
        #expect(
            try eventually {
                log.all.contains { $0.hasPrefix("auto-index: dropped cats.color (filter): unused for ") }
            },
            "\(log.all)")
    }

    /// An automatic value index over the whole collection, as files from before the tiers hold
    /// (`AutomaticTiers`): every insert writes it, so `writeCost` charges each write. The
    /// indexer learns of it at the sweep.
    private func wholeIndex(on field: String, _ store: DocumentStore) throws {
        let sql = FieldIndex.createValueIndexSQL(
            collectionID: try store.collection("cats").id, path: try FieldPath(field),
            kind: FieldIndex.automaticValueKind)
        try store.pool.write { try $0.execute(sql) }
        try #require(store.autoIndexer).sweepNow(store)
        #expect(
            try store.indexes(of: "cats") == [
                IndexDescription(field: field, purposes: [.filter], automatic: true)
            ])
    }

    /// Writes that cost more than the index saved reads drop it (`AutoIndexPolicy.writeCost`),
    /// and the field then needs twice the slow reads before it is indexed again.
    @Test func anIndexWhoseWritesCostMoreThanItSavedIsDroppedAndNeedsMoreSlowReadsAgain() throws {
        let log = Log()
        let fixture = try fixture(
            {
                $0.writeCost = .seconds(1)
                $0.sweepInterval = .zero
            }, log: log)
        defer { fixture.close() }
        let indexer = try #require(fixture.store.autoIndexer)
        try wholeIndex(on: "color", fixture.store)
        // No read used the index since; two writes cost "2 s".
        for _ in 0..<2 { _ = try fixture.store.insert(["color": "grey"], into: "cats") }
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
        #expect(
            log.all.contains {
                // The collection's name is known to the indexer from slow reads; none came yet.
                $0.hasPrefix("auto-index: dropped collection 1.color (filter): ")
                    && $0.contains(" writes cost about ")
            }, "\(log.all)")
        // Three slow reads index a field; after that drop it takes six.
        for _ in 0..<3 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
        for _ in 0..<3 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").map(\.field) == ["color"])
    }

    /// Inserts do not write the tiers of an automatic index (`AutomaticTiers`), so however
    /// much `writeCost` says they cost, they do not drop it.
    @Test func insertsDoNotChargeAnIndexWithTiers() throws {
        let fixture = try fixture {
            $0.writeCost = .seconds(1)
            $0.sweepInterval = .zero
        }
        defer { fixture.close() }
        let indexer = try #require(fixture.store.autoIndexer)
        let byAge = [SortKey(path: try FieldPath("age"), ascending: true)]
        for _ in 0..<3 {
            _ = try read(fixture.store, #"{"color":"grey"}"#)
            _ = try read(fixture.store, "{}", sort: byAge)
        }
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").map(\.field) == ["age", "color"])
        for _ in 0..<2 { _ = try fixture.store.insert(["color": "grey", "age": 3], into: "cats") }
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").map(\.field) == ["age", "color"])
    }

    /// An index whose reads saved more than the writes since cost stays; the next writes with
    /// no read saving anything drop it. The reads' durations are told to the indexer directly.
    @Test func anIndexThatSavedReadsMoreThanTheWritesCostStays() throws {
        let fixture = try fixture {
            $0.slowRead = .seconds(1)
            $0.writeCost = .milliseconds(1)
            $0.sweepInterval = .zero
        }
        defer { fixture.close() }
        let indexer = try #require(fixture.store.autoIndexer)
        let info = try fixture.store.collection("cats")
        let fields = IndexableFields(query: try Query.parse(text: #"{"color":"grey"}"#).root, sort: [])
        try wholeIndex(on: "color", fixture.store)
        // A read through the index saves about 1 s (the slow read's bound); 100 writes cost 100 ms.
        indexer.observe(fields, info: info, elapsed: .milliseconds(1), engine: fixture.store)
        let grey: [JSONObject] = Array(repeating: ["color": "grey"], count: 100)
        _ = try fixture.store.insertMany(grey, into: "cats")
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").map(\.field) == ["color"])
        _ = try fixture.store.insertMany(grey, into: "cats")
        indexer.sweepNow(fixture.store)
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
    }

    @Test func declaringAnIndexReplacesTheAutomaticOneAndBothCanBeRemoved() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        for _ in 0..<3 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        #expect(try eventually { !(try fixture.store.indexes(of: "cats")).isEmpty })
        try fixture.store.createIndex(collection: "cats", path: "color")
        #expect(
            try fixture.store.indexes(of: "cats")
                == [IndexDescription(field: "color", purposes: [.filter, .sort], automatic: false)])
        #expect(try fixture.store.dropIndex(collection: "cats", field: "color"))
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
        #expect(try !fixture.store.dropIndex(collection: "cats", field: "color"))
        #expect(throws: StoreError.self) { try fixture.store.indexes(of: "nope") }
    }

    @Test func aUniqueFieldKeepsItsIndex() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.createCollection(
            "pets", schema: CollectionSchema(fields: [FieldSchema(name: "chip", type: .text, unique: true)]))
        #expect(
            try fixture.store.indexes(of: "pets") == [
                IndexDescription(field: "chip", purposes: [.filter], automatic: false)
            ])
        #expect(throws: StoreError.self) { try fixture.store.dropIndex(collection: "pets", field: "chip") }
        #expect(try fixture.store.indexes(of: "pets").count == 1)
    }

    @Test func withoutAPolicyTheStoreNeverIndexesByItself() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insertMany([["color": "grey"], ["color": "black"]], into: "cats")
        for _ in 0..<20 { _ = try read(fixture.store, #"{"color":"grey"}"#) }
        #expect(fixture.store.autoIndexer == nil)
        #expect(try fixture.store.indexes(of: "cats").isEmpty)
    }

    @Test func theFieldIsReadBackFromTheIndexSQL() {
        #expect(
            DocumentStore.indexedPath(
                #"CREATE INDEX "x" ON "docs_1"(json_extract(body, '$."owner"."it''s"'))"#)?.description
                == "owner.it's")
        #expect(DocumentStore.indexedPath("CREATE INDEX x ON t(id)") == nil)
    }
}
