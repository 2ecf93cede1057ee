import DocumentJSON
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
