import DocumentJSON
import Foundation
import PlatformSupport
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// An automatic value index is tiers over ranges of `seq` (`AutomaticTiers`): inserts after the
/// last tier write no index entry, reads still find every document, and slow reads catch the
/// index up with a tier for the new documents, merging tiers and rebuilding the base in turn.
@Suite(.offPool) struct AutomaticTierTests {
    typealias Log = AutoIndexTests.Log

    /// 50 cats, 17 of them grey; every read is slow and every read through the index catches it
    /// up once `catchUpDocuments` documents are past it.
    private func fixture(catchUpDocuments: Int = 5, log: Log = Log()) throws -> StoreFixture {
        var policy = AutoIndexPolicy()
        policy.slowRead = .zero
        policy.catchUpRead = .zero
        policy.catchUpInterval = .zero
        policy.catchUpDocuments = catchUpDocuments
        policy.log = { log.append($0) }
        var options = DocumentStore.Options()
        options.autoIndex = policy
        let fixture = try StoreFixture(options: options)
        _ = try fixture.store.insertMany(cats(50), into: "cats")
        return fixture
    }

    private func cats(_ count: Int, color: String? = nil) -> [JSONObject] {
        (0..<count).map { number in
            [
                "name": .string("cat \(number)"),
                "color": .string(color ?? (number % 3 == 0 ? "grey" : "black")),
                "age": .number(JSONNumber(number % 12)),
            ]
        }
    }

    /// The documents whose color is `color`, read through the store (and so through the tiers).
    private func matching(_ store: DocumentStore, _ color: String) throws -> [Document] {
        try store.find(
            FindRequest(collection: "cats", query: try JSON.parse(#"{"color":"\#(color)"}"#), max: 1000)
        ).documents
    }

    private func tiers(_ store: DocumentStore) throws -> [AutomaticTiers.Tier] {
        try store.pool.read { try DocumentStore.storedTiers($0) }.sorted { $0.upper < $1.upper }
    }

    /// Reads grey cats until the index is built, then waits for the background pass to end.
    private func indexColor(_ fixture: StoreFixture) throws {
        for _ in 0..<3 { _ = try matching(fixture.store, "grey") }
        try #require(fixture.store.autoIndexer).sweepNow(fixture.store)
        try #require(try tiers(fixture.store).count == 1)
    }

    /// One read through the index (which asks for a catch-up), then the catch-up run to its end.
    private func readAndCatchUp(_ store: DocumentStore, expecting grey: Int) throws {
        #expect(try matching(store, "grey").count == grey)
        try #require(store.autoIndexer).sweepNow(store)
    }

    /// `fixture()` with `color` indexed: the base over the 50 cats, and a tier over 10 grey ones
    /// inserted after it (27 grey in all).
    private func fixtureWithATier() throws -> StoreFixture {
        let fixture = try fixture()
        try indexColor(fixture)
        _ = try fixture.store.insertMany(cats(10, color: "grey"), into: "cats")
        try readAndCatchUp(fixture.store, expecting: 27)
        try #require(try tiers(fixture.store).count == 2)
        return fixture
    }

    /// What SQLite does with the read `find` would run for `query`.
    private func plan(_ store: DocumentStore, _ query: String) throws -> String {
        let plan = try store.prepare(FindRequest(collection: "cats", query: try JSON.parse(query)))
        return try store.pool.read { connection in
            var details: [String] = []
            try connection.forEachRow(
                "EXPLAIN QUERY PLAN SELECT id FROM \(plan.info.table) WHERE " + plan.condition.sql,
                plan.condition.bindings
            ) { details.append($0.text(3) ?? "") }
            return details.joined(separator: "\n")
        }
    }

    @Test func documentsInsertedAfterTheIndexAreFoundAndACatchUpGivesThemATier() throws {
        let log = Log()
        let fixture = try fixture(log: log)
        defer { fixture.close() }
        try indexColor(fixture)
        #expect(try tiers(fixture.store).map { [$0.lower, $0.upper] } == [[0, 50]])
        #expect(try plan(fixture.store, #"{"color":"grey"}"#).contains("USING INDEX ix_1_color_avt0to50_"))

        _ = try fixture.store.insertMany(cats(10, color: "grey"), into: "cats")
        // Read before the catch-up: the ten come from the tail.
        try readAndCatchUp(fixture.store, expecting: 27)
        #expect(try tiers(fixture.store).map { [$0.lower, $0.upper] } == [[0, 50], [50, 60]])
        #expect(
            log.all.contains {
                $0.hasPrefix(
                    "auto-index: caught up cats.color (filter): 10 new documents in a tier of their own in ")
            }, "\(log.all)")
        let plan = try plan(fixture.store, #"{"color":"grey"}"#)
        #expect(
            plan.contains("USING INDEX ix_1_color_avt0to50_")
                && plan.contains("USING INDEX ix_1_color_avt50to60_"))
        #expect(try matching(fixture.store, "grey").count == 27)
        // Fewer new documents than `catchUpDocuments`: no tier for them.
        _ = try fixture.store.insertMany(cats(4, color: "grey"), into: "cats")
        try readAndCatchUp(fixture.store, expecting: 31)
        #expect(try tiers(fixture.store).count == 2)
        // The listing shows one automatic index, whatever its tiers.
        #expect(
            try fixture.store.indexes(of: "cats")
                == [IndexDescription(field: "color", purposes: [.filter], automatic: true)])
    }

    @Test func updatesAndDeletesAreSeenInTheTiersAndTheTail() throws {
        let fixture = try fixtureWithATier()
        defer { fixture.close() }
        _ = try fixture.store.insertMany(
            [["name": "tail 0", "color": "grey"], ["name": "tail 1", "color": "grey"]], into: "cats")
        let grey = try matching(fixture.store, "grey")
        // "cat 0" is grey in the base and in the tier; the base's has the smaller id.
        let inBase = grey.first { $0.object()["name"] == "cat 0" }
        let inTier = grey.first { $0.object()["name"] == "cat 5" }
        let inTail = grey.first { $0.object()["name"] == "tail 0" }
        for document in [inBase, inTier, inTail] {
            _ = try fixture.store.update(try #require(document).id, in: "cats", with: ["color": "white"])
        }
        let last = try #require(grey.first { $0.object()["name"] == "tail 1" })
        _ = try fixture.store.delete(last.id, from: "cats")
        #expect(try matching(fixture.store, "grey").count == 29 - 3 - 1)
        #expect(
            Set(try matching(fixture.store, "white").map(\.id))
                == Set([inBase, inTier, inTail].map { $0!.id }))
    }

    @Test func catchUpsMergeTheTiersAndThenRebuildTheBase() throws {
        let log = Log()
        let fixture = try fixture(catchUpDocuments: 1, log: log)
        defer { fixture.close() }
        try indexColor(fixture)
        var grey = 17
        func round(_ count: Int) throws {
            _ = try fixture.store.insertMany(cats(count, color: "grey"), into: "cats")
            grey += count
            try readAndCatchUp(fixture.store, expecting: grey)
        }
        for _ in 0..<DocumentStore.maximumTiers { try round(2) }
        #expect(try tiers(fixture.store).count == DocumentStore.maximumTiers + 1)
        // The next catch-up makes one tier of all but the base (14 documents against its 50).
        try round(2)
        #expect(try tiers(fixture.store).map { [$0.lower, $0.upper] } == [[0, 50], [50, 64]])
        #expect(log.all.contains { $0.contains("6 tiers merged into one of 14 documents") }, "\(log.all)")
        for _ in 0..<(DocumentStore.maximumTiers - 1) { try round(2) }
        #expect(try tiers(fixture.store).count == DocumentStore.maximumTiers + 1)
        // Now the documents after the base are more than half of it: a new base over all.
        try round(2)
        #expect(try tiers(fixture.store).map { [$0.lower, $0.upper] } == [[0, 76]])
        #expect(log.all.contains { $0.contains("rebuilt over all 76 documents") }, "\(log.all)")
        #expect(try matching(fixture.store, "grey").count == grey)
        #expect(try plan(fixture.store, #"{"color":"grey"}"#).contains("USING INDEX ix_1_color_avt0to76_"))
    }

    /// The tiers are in the file: a store opened on it without the policy reads through them,
    /// and a declared index replaces every tier.
    @Test func anotherRunReadsThroughTheTiersAndADeclaredIndexReplacesThem() throws {
        let fixture = try fixtureWithATier()
        defer { fixture.close() }
        let plain = try DocumentStore(path: fixture.database.path)
        let plan = try plan(plain, #"{"color":"grey","name":{"$ne":"x"}}"#)
        #expect(
            plan.contains("USING INDEX ix_1_color_avt0to50_")
                && plan.contains("USING INDEX ix_1_color_avt50to60_"))
        #expect(try matching(plain, "grey").count == 27)
        try plain.createIndex(collection: "cats", path: "color")
        #expect(try tiers(plain).isEmpty)
        #expect(try !self.plan(plain, #"{"color":"grey"}"#).contains("avt"))
        #expect(try matching(plain, "grey").count == 27)
    }

    /// Whatever the bounds (matching tiers or not, past the last document or not), the split
    /// read finds what the plain condition finds.
    @Test func theRangesCoverEveryDocumentWhateverTheBounds() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insertMany(cats(60), into: "cats")
        let info = try fixture.store.collection("cats")
        var generator = SystemRandomNumberGenerator()
        for query in [#"{"color":"grey"}"#, #"{"color":{"$in":["grey","black"]},"name":{"$gt":"cat 3"}}"#] {
            let parsed = try Query.parse(text: query)
            let condition = parsed.sqlCondition(bodyColumn: StorageLayout.bodyColumn)
            func count(_ condition: SQLFragment) throws -> Int {
                try fixture.store.pool.read { try DocumentStore.count(info: info, condition: condition, $0) }
            }
            let expected = try count(condition)
            #expect(expected > 0)
            for _ in 0..<50 {
                let bounds = Array(
                    Set(
                        (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                            Int64.random(in: 1...80, using: &generator)
                        })
                ).sorted()
                let template = parsed.sqlCondition(
                    bodyColumn: StorageLayout.bodyColumn, armGuard: AutomaticTiers.rangeMarker)
                let split = AutomaticTiers.condition(table: info.table, bounds: bounds, template: template)
                #expect(try count(split) == expected, "\(bounds)")
                // Arms without the range (a test that forgot it) still give the same answer.
                let unguarded = AutomaticTiers.condition(
                    table: info.table, bounds: bounds, template: condition)
                #expect(try count(unguarded) == expected, "\(bounds)")
            }
        }
    }

    /// A run of writes with no read still catches the indexes up, every `catchUpWrites` writes.
    @Test func writesAloneCatchTheIndexesUp() throws {
        var policy = AutoIndexPolicy()
        policy.slowRead = .zero
        policy.catchUpDocuments = 1
        policy.catchUpWrites = 20
        var options = DocumentStore.Options()
        options.autoIndex = policy
        let fixture = try StoreFixture(options: options)
        defer { fixture.close() }
        let store = fixture.store
        _ = try store.insertMany(cats(50), into: "cats")
        try indexColor(fixture)
        for _ in 0..<19 { _ = try store.insert(["color": "grey"], into: "cats") }
        try #require(store.autoIndexer).sweepNow(store)
        #expect(try tiers(store).count == 1)
        _ = try store.insert(["color": "grey"], into: "cats")
        try #require(store.autoIndexer).sweepNow(store)
        #expect(try tiers(store).map { [$0.lower, $0.upper] } == [[0, 50], [50, 70]])
    }

    /// A read through the index that runs out of its budget still asks for a catch-up, so a
    /// tail too long to read in time does not stay so.
    @Test func aReadThatRunsOutOfItsBudgetStillCatchesTheIndexUp() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        try indexColor(fixture)
        _ = try fixture.store.insertMany(cats(3000, color: "grey"), into: "cats")
        var options = DocumentStore.Options()
        options.queryBudget = .nanoseconds(1)
        var policy = AutoIndexPolicy()
        policy.slowRead = .zero
        policy.catchUpRead = .zero
        options.autoIndex = policy
        let budgeted = try DocumentStore(path: fixture.database.path, options: options)
        let indexer = try #require(budgeted.autoIndexer)
        indexer.sweepNow(budgeted)
        // `$in`: not a string equality, whose first walk of the `_id` index has a budget of its own.
        let request = FindRequest(
            collection: "cats", query: try JSON.parse(#"{"color":{"$in":["grey","white"]}}"#), max: 1000)
        #expect(throws: StoreError.self) { _ = try budgeted.find(request).documents.count }
        indexer.sweepNow(budgeted)
        #expect(try tiers(budgeted).map { [$0.lower, $0.upper] } == [[0, 50], [50, 3050]])
    }

    /// A sorted page reads the first `skip + max` of each tier of the automatic sort index in
    /// order, and of the documents past the last, and sorts them again.
    @Test func sortedPagesReadEachTierOfTheSortIndexInOrder() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        let store = fixture.store
        let byAge = [SortKey(path: try FieldPath("age"), ascending: true)]
        func page(skip: Int, max: Int) throws -> [String] {
            try store.find(FindRequest(collection: "cats", sort: byAge, skip: skip, max: max)).documents.map(
                \.id)
        }
        /// Every document by age, then by id: what any page must be a slice of.
        func expected() throws -> [String] {
            let all = try store.find(FindRequest(collection: "cats", max: 1000)).documents
            func age(_ document: Document) -> Double {
                document.object()["age"]?.numberValue?.doubleValue ?? 0
            }
            return all.sorted { age($0) != age($1) ? age($0) < age($1) : $0.id < $1.id }.map(\.id)
        }
        for _ in 0..<3 { _ = try page(skip: 0, max: 5) }
        try #require(store.autoIndexer).sweepNow(store)
        #expect(try tiers(store).map { [$0.lower, $0.upper] } == [[0, 50]])
        #expect(try tiers(store).first?.purpose == .sort)
        #expect(
            try store.indexes(of: "cats") == [
                IndexDescription(field: "age", purposes: [.sort], automatic: true)
            ])
        // Younger cats past the tier: they open the page, read from the tail.
        let young: [JSONObject] = (0..<10).map {
            ["name": .string("kitten \($0)"), "age": .number(JSONNumber($0 % 3 - 2))]
        }
        _ = try store.insertMany(young, into: "cats")
        #expect(try page(skip: 0, max: 5) == Array(try expected().prefix(5)))
        try #require(store.autoIndexer).sweepNow(store)
        #expect(try tiers(store).map { [$0.lower, $0.upper] } == [[0, 50], [50, 60]])
        for (skip, max) in [(0, 5), (3, 7), (8, 20), (55, 10), (70, 5)] {
            let expected = Array(try expected().dropFirst(skip).prefix(max))
            #expect(try page(skip: skip, max: max) == expected, "\(skip) \(max)")
        }
        let request = FindRequest(collection: "cats", sort: byAge)
        let plan = try store.prepare(request)
        let details = try store.pool.read { connection in
            let sql = try DocumentStore.pageSQL(
                request, columns: "id", plan: plan, skip: 0, max: 5, connection)
            var details: [String] = []
            try connection.forEachRow("EXPLAIN QUERY PLAN " + sql.sql, sql.bindings) {
                details.append($0.text(3) ?? "")
            }
            return details.joined(separator: "\n")
        }
        #expect(details.contains("USING INDEX ix_1_age_ast0to50_"), "\(details)")
        #expect(details.contains("USING INDEX ix_1_age_ast50to60_"), "\(details)")
        // Tiers this store believes in but the file no longer has (another process merged
        // them): the page is read without them.
        store.automaticTiers.replace(with: [
            .init(
                name: "ix_1_age_ast0to30_0", collectionID: 1, path: try FieldPath("age"), purpose: .sort,
                lower: 0, upper: 30),
            .init(
                name: "ix_1_age_ast30to60_0", collectionID: 1, path: try FieldPath("age"), purpose: .sort,
                lower: 30, upper: 60
            ),
        ])
        #expect(try page(skip: 3, max: 7) == Array(try expected().dropFirst(3).prefix(7)))
    }

    @Test func tierNamesSayTheirRange() throws {
        let path = try FieldPath("color")
        #expect(AutomaticTiers.tier(name: "ix_3_color_avt0to50_1a2b", path: path)?.upper == 50)
        #expect(AutomaticTiers.tier(name: "ix_3_color_avt50to64_1a2b", path: path)?.lower == 50)
        #expect(AutomaticTiers.tier(name: "ix_3_color_ast0to50_1a2b", path: path)?.purpose == .sort)
        #expect(AutomaticTiers.tier(name: "ix_3_color_av_1a2b", path: path) == nil)
        #expect(AutomaticTiers.tier(name: "ix_3_color_avt64to50_1a2b", path: path) == nil)
        #expect(
            FieldIndex.createAutomaticTierSQL(collectionID: 3, path: path, after: 50, through: 64)
                .hasSuffix(" WHERE seq > 50 AND seq <= 64"))
    }
}
