import DocumentJSON
import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// Field indexes listed and removed, and a live schema edit, on PostgreSQL.
@Suite(.offPool) struct PostgresIndexAndSchemaEditTests {
    @Test func dottedAndQuotedFieldsAreListedFromTheirIndexesAndRemoved() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        _ = try engine.insert(["owner": ["city": "Oslo"], "it's": 1], into: "cats")
        try engine.createIndex(collection: "cats", path: "owner.city")
        try engine.createIndex(collection: "cats", path: "it's")
        #expect(
            try engine.indexes(of: "cats")
                == [
                    IndexDescription(field: "it's", purposes: [.filter, .sort], automatic: false),
                    IndexDescription(field: "owner.city", purposes: [.filter, .sort], automatic: false),
                ])
        #expect(try engine.dropIndex(collection: "cats", field: "owner.city"))
        #expect(try !engine.dropIndex(collection: "cats", field: "owner.city"))
        #expect(try engine.indexes(of: "cats").map(\.field) == ["it's"])
        #expect(throws: StoreError.self) { try engine.indexes(of: "dogs") }
    }

    /// A field's type test counts for the planner as nearly always true (`PostgresDialect`
    /// `typeTest`): a condition two fifths of the documents match is estimated near that, not at
    /// 0.5 % of it, so a filtered page sorted on an indexed field walks the sort index and stops
    /// after the page instead of sorting every match.
    @Test func aFilteredSortedPageIsEstimatedNearItsMatchesAndWalksTheSortIndex() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        let documents: [JSONObject] = (0..<2_000).map { (index: Int) -> JSONObject in
            let rating = Int64(index % 5 + 1)
            let weight = Double((index * 7_919) % 1_000) / 10
            return ["rating": .number(JSONNumber(rating)), "weightKg": .number(JSONNumber(weight))]
        }
        _ = try engine.insertMany(documents, into: "cats")
        try engine.createIndex(collection: "cats", path: "rating")
        try engine.createIndex(collection: "cats", path: "weightKg")
        let info = try engine.collection("cats")
        _ = try engine.pool.with { try $0.execute("ANALYZE \(info.table)") }
        let request = FindRequest(
            collection: "cats", query: ["rating": ["$gte": 4]],
            sort: [SortKey(path: try FieldPath("weightKg"), ascending: false)], skip: 100, max: 20)
        let condition = try engine.condition(for: request.query)
        func plan(_ sql: SQLFragment) throws -> String {
            let rows = try engine.pool.with { connection in
                try connection.execute("EXPLAIN " + sql.sql, sql.bindings)
            }
            return (0..<rows.count).compactMap { rows.text($0, 0) }.joined(separator: "\n")
        }
        // 800 of the 2,000 match.
        let matches = try plan(SQLFragment("SELECT id FROM \(info.table) WHERE ") + condition)
        let rowsField = matches.split(separator: " ").first { $0.hasPrefix("rows=") }
        let estimate = rowsField.flatMap { Int($0.dropFirst(5)) } ?? 0
        #expect(estimate >= 400 && estimate <= 1_600, "\(matches)")
        let page = try plan(
            PostgresEngine.pageSQL(
                request, columns: "body", info: info, condition: condition, skip: 100, max: 20))
        #expect(page.contains("Index Scan Backward using"), "\(page)")
        #expect(!page.contains("Bitmap"), "\(page)")
        let weights = try engine.find(request).documents.map { (document: Document) -> Double in
            let object = document.object()
            let rating: Double = object["rating"]?.numberValue?.doubleValue ?? 0
            #expect(rating >= 4)
            return object["weightKg"]?.numberValue?.doubleValue ?? -1
        }
        #expect(weights.count == 20 && weights == weights.sorted(by: >), "\(weights)")
    }

    @Test func aSchemaEditRenamesValuesBumpsVersionsAndMakesTheUniqueIndex() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        try engine.setSchema(
            CollectionSchema(fields: [FieldSchema(name: "catName", type: .text)]), for: "cats")
        let tom = try engine.insert(["catName": "Tom"], into: "cats")
        _ = try engine.insert(["catName": "Kit"], into: "cats")
        let edit = SchemaEdit(
            fields: [FieldSchema(name: "name", type: .text, unique: true)], renames: ["catName": "name"])
        let dry = try engine.editSchema(edit, of: "cats", apply: false)
        #expect(!dry.applied && dry.documents == 2 && dry.changedDocuments == 2 && dry.misfits.isEmpty)
        #expect(try engine.document(tom.id, in: "cats").version == 0)

        let report = try engine.editSchema(edit, of: "cats", apply: true)
        #expect(report.applied && report.renamed.map(\.from) == ["catName"])
        let renamed = try engine.document(tom.id, in: "cats")
        #expect(renamed.version == 1)
        #expect(try JSON.parse(renamed.body)["name"] == "Tom")
        #expect(try JSON.parse(renamed.body)["catName"] == nil)
        #expect(try engine.schema(of: "cats")?.fields.map(\.name) == ["name"])
        #expect(try engine.indexes(of: "cats").map(\.field) == ["name"])
        #expect(throws: (any Error).self) { try engine.insert(["name": "Tom"], into: "cats") }
    }
}
