import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentStore

/// `editSchema`: the schema of a collection holding documents, edited as restdb's data manager
/// edits a live collection's fields.
@Suite struct SchemaEditTests {
    private static let schema = CollectionSchema(fields: [
        FieldSchema(name: "name", type: .text),
        FieldSchema(name: "age", type: .number),
        FieldSchema(name: "note", type: .text),
    ])

    private func fixture() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.store.createCollection("cats", schema: Self.schema)
        for text in [
            #"{"name":"Tom","age":3,"note":"likes fish"}"#, #"{"name":"Felix","age":5}"#,
            #"{"name":"Kitty","note":"x"}"#,
        ] {
            _ = try fixture.store.insert(StoreFixture.object(text), into: "cats")
        }
        return fixture
    }

    private func documents(_ store: DocumentStore) throws -> [JSONObject] {
        try store.find(FindRequest(collection: "cats")).documents.map { $0.object() }
    }

    @Test func aDryRunCountsTheDocumentsThatDoNotFitAndChangesNothing() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        var fields = Self.schema.fields
        fields[1].type = .bool
        fields.append(FieldSchema(name: "chip", type: .text, required: true))
        let report = try fixture.store.editSchema(SchemaEdit(fields: fields), of: "cats", apply: false)
        #expect(report.applied == false && report.documents == 3)
        #expect(report.retyped == [.init(field: "age", from: .number, to: .bool)])
        #expect(report.added == ["chip"])
        #expect(
            report.misfits == [
                .init(field: "age", documents: 2, message: "must be true or false"),
                .init(field: "chip", documents: 3, message: "is required"),
            ])
        #expect(try fixture.store.schema(of: "cats") == Self.schema)
    }

    @Test func aRenameMovesTheValuesInEveryDocumentAndBumpsTheirVersion() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        var fields = Self.schema.fields
        fields[0].name = "fullName"
        let report = try fixture.store.editSchema(
            SchemaEdit(fields: fields, renames: ["name": "fullName"]), of: "cats", apply: true)
        #expect(report.applied && report.changedDocuments == 3 && report.misfits.isEmpty)
        let docs = try documents(fixture.store)
        #expect(docs.map { $0["fullName"]?.stringValue } == ["Tom", "Felix", "Kitty"])
        #expect(docs.allSatisfy { $0["name"] == nil && $0.keys.first == "_id" && $0.keys[1] == "fullName" })
        let stored = try fixture.store.find(FindRequest(collection: "cats")).documents
        #expect(stored.allSatisfy { $0.version == 1 })
        #expect(try fixture.store.schema(of: "cats")?.fields.map(\.name) == ["fullName", "age", "note"])
    }

    @Test func aRemovedFieldKeepsItsValuesUnlessAskedToRemoveThem() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        let fields = Array(Self.schema.fields.prefix(2))
        let kept = try fixture.store.editSchema(SchemaEdit(fields: fields), of: "cats", apply: true)
        #expect(kept.removed == ["note"] && kept.changedDocuments == 0)
        #expect(try documents(fixture.store)[0]["note"] == "likes fish")
        try fixture.store.setSchema(Self.schema, for: "cats")
        let gone = try fixture.store.editSchema(
            SchemaEdit(fields: fields, removeValues: true), of: "cats", apply: true)
        #expect(gone.changedDocuments == 2)
        #expect(try documents(fixture.store).allSatisfy { $0["note"] == nil })
    }

    @Test func valuesThatFitANewDateTypeAreNormalisedAndOthersStay() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insert(StoreFixture.object(#"{"seen":"2015-06-01"}"#), into: "visits")
        _ = try fixture.store.insert(StoreFixture.object(#"{"seen":"soon"}"#), into: "visits")
        let report = try fixture.store.editSchema(
            SchemaEdit(fields: [FieldSchema(name: "seen", type: .date)]), of: "visits", apply: true)
        #expect(report.misfits.map(\.documents) == [1] && report.changedDocuments == 1)
        let seen = try fixture.store.find(FindRequest(collection: "visits")).documents.map {
            $0.object()["seen"]
        }
        #expect(seen == ["2015-06-01T00:00:00.000Z", "soon"])
    }

    @Test func aNewUniqueMarkCountsDuplicateValues() throws {
        let fixture = try fixture()
        defer { fixture.close() }
        _ = try fixture.store.insert(StoreFixture.object(#"{"name":"Tom"}"#), into: "cats")
        var fields = Self.schema.fields
        fields[0].unique = true
        let report = try fixture.store.editSchema(SchemaEdit(fields: fields), of: "cats", apply: false)
        #expect(report.misfits.map { "\($0.field) \($0.documents)" } == ["name 1"])
    }

    @Test(arguments: [
        (["nope": "name2"], "no such field"),
        (["name": "absent"], "among the new fields"),
        (["name": "age"], "is a field already"),
    ])
    func renamesThatCannotBeMeantAreRefused(renames: [String: String], message: String) throws {
        let fixture = try fixture()
        defer { fixture.close() }
        var fields = Self.schema.fields
        fields.append(FieldSchema(name: "name2", type: .text))
        #expect {
            try fixture.store.editSchema(
                SchemaEdit(fields: fields, renames: renames), of: "cats", apply: true)
        } throws: { error in
            "\(error)".contains(message)
        }
        #expect(try fixture.store.schema(of: "cats") == Self.schema)
    }
}
