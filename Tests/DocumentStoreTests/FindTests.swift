import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

@Suite struct FindTests {
    private func catStore() throws -> StoreFixture {
        let fixture = try StoreFixture()
        let cats: [JSONObject] = [
            ["name": "Tom", "color": "grey", "age": 3, "weightKg": 4.5],
            ["name": "Felix", "color": "black", "age": 7, "weightKg": 5.0],
            ["name": "Misty", "color": "grey", "age": 1, "weightKg": 3.25],
            ["name": "Oscar", "color": "ginger", "age": 7, "weightKg": 6.5],
        ]
        _ = try fixture.store.insertMany(cats, into: "cats")
        return fixture
    }

    private func names(_ result: FindResult) -> [String] {
        result.documents.compactMap { $0.object()["name"]?.stringValue }
    }

    @Test func defaultOrderIsCreationWithPagingAndTotals() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let result = try fixture.store.find(FindRequest(collection: "cats", skip: 1, max: 2, totals: true))
        #expect(names(result) == ["Felix", "Misty"])
        #expect(result.total == 4)
    }

    @Test func sortsByKeysThenID() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let request = FindRequest(collection: "cats", hints: ["$orderby": ["age": -1]])
        #expect(names(try fixture.store.find(request)) == ["Felix", "Oscar", "Tom", "Misty"])
    }

    @Test func queryAndFreeTextFilter() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        #expect(
            names(try fixture.store.find(FindRequest(collection: "cats", query: ["color": "grey"]))) == [
                "Tom", "Misty",
            ])
        #expect(names(try fixture.store.find(FindRequest(collection: "cats", filter: "GIN"))) == ["Oscar"])
        #expect(names(try fixture.store.find(FindRequest(collection: "cats", filter: "name"))) == [])
    }

    @Test func projectionIncludesOrExcludes() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let included = try fixture.store.find(
            FindRequest(collection: "cats", max: 1, fields: .include([try FieldPath("age")], includeID: true))
        )
        #expect(included.documents[0].object().keys == ["_id", "age"])
        let excluded = try fixture.store.find(
            FindRequest(collection: "cats", hints: ["$fields": ["age": 0, "_id": 0]]))
        #expect(excluded.documents[0].object().keys == ["name", "color", "weightKg"])
        #expect(throws: StoreError.self) {
            try fixture.store.find(
                FindRequest(collection: "cats", hints: ["$fields": ["age": 0, "name": 1]]))
        }
    }

    @Test func groupsAndAggregates() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let request = FindRequest(
            collection: "cats", groupBy: ["color"],
            aggregates: [Aggregate(function: .sum, field: "age"), try Aggregate(spec: "COUNT:cats")])
        let groups = try fixture.store.find(request).groups ?? []
        #expect(
            groups.map { JSONValue.object($0).serialized() } == [
                #"{"color":"black","SUM:age":7,"cats":1}"#,
                #"{"color":"ginger","SUM:age":7,"cats":1}"#,
                #"{"color":"grey","SUM:age":4,"cats":2}"#,
            ])
        let max = try fixture.store.find(
            FindRequest(collection: "cats", hints: ["$aggregate": ["MAX:weightKg"]]))
        #expect(max.groups?.first?["MAX:weightKg"] == 6.5)
    }

    @Test func listRendersBodiesJoined() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let result = try fixture.store.find(FindRequest(collection: "cats", max: 2))
        var bytes: [UInt8] = []
        result.renderJSONArray(metafields: false, into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            text == "[" + result.documents.map { $0.jsonString(metafields: false) }.joined(separator: ",")
                + "]")
        #expect(try JSON.parse(text).arrayValue?.count == 2)
    }

    @Test func declaredIndexIsUsedByCompiledEqualityAndSort() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let name = try fixture.store.createIndex(collection: "cats", path: "color")
        #expect(name.hasPrefix("ix_1_color_v_"))
        let equality = try Query.parse(text: #"{"color":"grey"}"#).sqlCondition(bodyColumn: "body")
        let manyColors = (0..<300).map { "\"c\($0)\"" }.joined(separator: ",")
        let oneOf = try Query.parse(text: #"{"color":{"$in":["grey","black",\#(manyColors)]}}"#).sqlCondition(
            bodyColumn: "body")
        let range = try Query.parse(text: #"{"color":{"$gt":"c","$lte":"h"}}"#).sqlCondition(
            bodyColumn: "body")
        let order = try SortKey(path: FieldPath("color"), ascending: false).sqlOrdering(bodyColumn: "body")
        let plans = try fixture.store.pool.read { connection in
            try [
                ("SELECT id FROM \"docs_1\" WHERE " + equality.sql, equality.bindings),
                ("SELECT id FROM \"docs_1\" WHERE " + oneOf.sql, oneOf.bindings),
                // As `find` pages it: a range must still win over walking the `_id` order.
                ("SELECT id FROM \"docs_1\" WHERE " + range.sql + " ORDER BY id LIMIT 10", range.bindings),
                ("SELECT id FROM \"docs_1\" WHERE 1 ORDER BY " + order.sql + ", id LIMIT 10", []),
            ].map { sql, bindings in
                var details: [String] = []
                try connection.forEachRow("EXPLAIN QUERY PLAN " + sql, bindings) {
                    details.append($0.text(3) ?? "")
                }
                return details.joined(separator: "\n")
            }
        }
        // Equality, $in and ranges: every OR arm (value, array guard) is an index search.
        for plan in plans.prefix(3) {
            #expect(plan.contains("USING INDEX \(name)"), "\(plan)")
            #expect(!plan.contains("SCAN \"docs_1\"") && !plan.contains("SCAN docs_1"), "\(plan)")
        }
        // The sort reads the sort index in order; only ties are sorted further.
        #expect(plans[3].contains("USING INDEX ix_1_color_s_"), "\(plans[3])")
        #expect(!plans[3].contains("USE TEMP B-TREE FOR ORDER BY"), "\(plans[3])")
        let sorted = try fixture.store.find(
            FindRequest(collection: "cats", hints: ["$orderby": ["color": -1]], max: 1000))
        let colors = sorted.documents.map { $0.object()["color"]?.stringValue ?? "" }
        #expect(colors == colors.sorted(by: >))
    }

    @Test func aDottedPathThroughArraysStillUsesItsDeclaredIndex() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let name = try fixture.store.createIndex(collection: "cats", path: "owner.name")
        _ = try fixture.store.insert(["owner": [["name": "Zed"], ["name": "Ann"]]], into: "cats")
        let condition = try Query.parse(text: #"{"owner.name":"Zed"}"#).sqlCondition(bodyColumn: "body")
        let plan = try fixture.store.pool.read { connection in
            var details: [String] = []
            try connection.forEachRow(
                "EXPLAIN QUERY PLAN SELECT id FROM \"docs_1\" WHERE " + condition.sql, condition.bindings
            ) { details.append($0.text(3) ?? "") }
            return details.joined(separator: "\n")
        }
        // Every arm, the ways through arrays included, is an index search.
        #expect(plan.contains("USING INDEX \(name)"), "\(plan)")
        #expect(!plan.contains("SCAN \"docs_1\"") && !plan.contains("SCAN docs_1"), "\(plan)")
        let found = try fixture.store.find(
            FindRequest(collection: "cats", query: try JSON.parse(#"{"owner.name":"Zed"}"#), max: 10))
        #expect(found.documents.count == 1)
    }

    @Test func indexPathsFollowTheQueryLanguageRule() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        #expect(throws: StoreError.self) { try fixture.store.createIndex(collection: "cats", path: "a..b") }
        #expect(throws: StoreError.self) { try fixture.store.createIndex(collection: "cats", path: "$x") }
        #expect(throws: StoreError.self) { try fixture.store.createIndex(collection: "nope", path: "x") }
    }

    /// SQLite's plan for the page SQL of `query` (`storageOrder`: the `+id` form).
    private func pagePlan(
        _ store: DocumentStore, _ query: String, sort: [SortKey] = [], storageOrder: Bool = false
    ) throws -> String {
        let request = FindRequest(collection: "cats", query: try JSON.parse(query), sort: sort, max: 10)
        let plan = try store.prepare(request)
        return try store.pool.read { connection in
            let sql = try DocumentStore.pageSQL(
                request, columns: "body", plan: plan, skip: 0, max: 10, storageOrder: storageOrder, connection
            )
            var details: [String] = []
            try connection.forEachRow("EXPLAIN QUERY PLAN " + sql.sql, sql.bindings) {
                details.append($0.text(3) ?? "")
            }
            return details.joined(separator: "\n")
        }
    }

    @Test func theStorageOrderFormScansTheTableAndTheOtherWalksTheIdIndex() throws {
        let fixture = try catStore()
        defer { fixture.close() }
        let idIndex = "sqlite_autoindex_docs_1_1"
        for query in [#"{"color":"grey"}"#, #"{"age":{"$gt":2},"owner.name":"Ann"}"#] {
            let scan = try pagePlan(fixture.store, query, storageOrder: true)
            #expect(!scan.contains(idIndex) && scan.contains("TEMP B-TREE FOR ORDER BY"), "\(scan)")
            let walk = try pagePlan(fixture.store, query)
            #expect(walk.contains(idIndex) && !walk.contains("TEMP B-TREE"), "\(walk)")
        }
        // Only string equalities may take the storage-order form.
        #expect(
            try fixture.store.prepare(FindRequest(collection: "cats", query: ["color": "grey"]))
                .scansStorageOrder)
        for query in [#"{"age":{"$gt":2}}"#, #"{"$or":[{"color":"grey"},{"age":7}]}"#, #"{"_id":"x"}"#] {
            let request = FindRequest(collection: "cats", query: try JSON.parse(query))
            #expect(try !fixture.store.prepare(request).scansStorageOrder, "\(query)")
        }
    }

    /// Imported ids stored in the opposite of their `_id` order, so storage order and `_id`
    /// order disagree; a quarter of them are grey.
    private func reversedStore() throws -> StoreFixture {
        let fixture = try StoreFixture()
        let lines = (0..<400).reversed().map { index in
            let color = index % 4 == 0 ? "grey" : "black"
            return
                #"{"_id":"5d9f1c2ba1b2c3d4e5f6\#(String(format: "%04d", index))","color":"\#(color)","n":\#(index)}"#
        }
        let schema = CollectionSchema(fields: [
            FieldSchema(name: "color", type: .text), FieldSchema(name: "n", type: .number),
        ])
        var pending: [ImportRecord]? = try lines.enumerated().map { line, text in
            ImportRecord(document: try StoreFixture.object(text), line: line + 1)
        }
        try fixture.store.importRecords(
            into: "cats", newSchema: schema, replace: false, keepIDs: true, file: "cats.jsonl"
        ) {
            defer { pending = nil }
            return pending
        }
        return fixture
    }

    /// The page as `forEachPageRow` gives it with `walkBudget`, and how often it restarted.
    private func page(_ fixture: StoreFixture, _ request: FindRequest, walkBudget: Int32) throws
        -> (numbers: [String], restarts: Int)
    {
        let plan = try fixture.store.prepare(request)
        return try fixture.store.pool.read { connection in
            var numbers: [String] = []
            var restarts = 0
            try DocumentStore.forEachPageRow(
                request, columns: "body", plan: plan, skip: request.skip, max: request.max, connection,
                walkBudget: walkBudget,
                restart: {
                    restarts += 1
                    numbers.removeAll()
                }
            ) { row in
                numbers.append((try? JSON.parse(row.text(0) ?? ""))?.objectValue?["n"]?.description ?? "?")
            }
            return (numbers, restarts)
        }
    }

    @Test func aStringEqualityPageFallsBackToTheScanWhenTheWalkRunsOutAndKeepsIdOrder() async throws {
        let fixture = try reversedStore()
        defer { fixture.close() }
        let request = FindRequest(collection: "cats", query: ["color": "grey"], skip: 2, max: 5)
        let expected = ["8", "12", "16", "20", "24"]
        let walked = try page(fixture, request, walkBudget: DocumentStore.indexWalkBudget)
        #expect(walked.numbers == expected && walked.restarts == 0)
        // A budget too small for any row: the walk stops at once and the scan answers.
        let scanned = try page(fixture, request, walkBudget: 1)
        #expect(scanned.numbers == expected && scanned.restarts == 1)
        // Rows given before the stop are dropped: a budget that runs out midway.
        let late = try page(
            fixture, FindRequest(collection: "cats", query: ["color": "grey"], max: 100), walkBudget: 2_000)
        #expect(late.restarts == 1 && late.numbers == (0..<100).map { String($0 * 4) })
        // Stopping the walk leaves an open read transaction (a page with totals) open.
        let stillOpen = try fixture.store.pool.read { connection in
            try connection.run("BEGIN")
            defer { _ = try? connection.run("COMMIT") }
            _ = try connection.forEachRow(
                "SELECT body FROM \"docs_1\" ORDER BY id", instructionBudget: 1
            ) { _ in }
            return !connection.isAutocommit
        }
        #expect(stillOpen)
        // The public paths agree.
        #expect(
            try fixture.store.find(request).documents.compactMap { $0.object()["n"]?.description } == expected
        )
        var bytes: [UInt8] = []
        _ = try fixture.store.appendPageJSON(request, into: &bytes)
        let rendered = try JSON.parse(String(decoding: bytes, as: UTF8.self)).arrayValue ?? []
        #expect(rendered.compactMap { $0.objectValue?["n"]?.description } == expected)
    }
}
