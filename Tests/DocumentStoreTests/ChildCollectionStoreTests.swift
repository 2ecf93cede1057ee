import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// Child collections in the store: children linked by `_parent_id`/`_parent_def`/`_parent_field`,
/// inserted only under an existing parent, found through an index, deleted with their parent in
/// the parent's transaction.
@Suite struct ChildCollectionStoreTests {
    static let catSchema = CollectionSchema(fields: [
        FieldSchema(name: "name", type: .text),
        FieldSchema(name: "visits", type: .child, collection: "cats-visits"),
    ])
    static let visitSchema = CollectionSchema(fields: [
        FieldSchema(name: "vet", type: .text),
        FieldSchema(name: "notes", type: .child, collection: "visit-notes"),
    ])

    /// Two cats, the first with two visits (the first visit with one note), the second with one.
    private func family(_ store: DocumentStore) throws -> (cats: [String], visits: [String], note: String) {
        try store.setSchema(Self.catSchema, for: "cats")
        try store.setSchema(Self.visitSchema, for: "cats-visits")
        let cats = try store.insertMany([["name": "Tom"], ["name": "Kit"]], into: "cats").map(\.id)
        let tomVisits = try store.insertChildren(
            [["vet": "A"], ["vet": "B"]], of: ParentLink(collection: "cats", id: cats[0], field: "visits"),
            into: "cats-visits")
        let kitVisit = try store.insertChildren(
            [["vet": "C"]], of: ParentLink(collection: "cats", id: cats[1], field: "visits"),
            into: "cats-visits")
        let note = try store.insertChildren(
            [["text": "fine"]],
            of: ParentLink(collection: "cats-visits", id: tomVisits[0].id, field: "notes"),
            into: "visit-notes")
        return (cats, (tomVisits + kitVisit).map(\.id), note[0].id)
    }

    @Test func insertChildrenStampsTheLinkOverWhatTheBodySaid() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let family = try family(fixture.store)
        let link = ParentLink(collection: "cats", id: family.cats[0], field: "visits")
        let stored = try fixture.store.insertChildren(
            [["vet": "D", "_parent_id": "000000000000000000000000", "_parent_field": "x"]], of: link,
            into: "cats-visits")
        let object = stored[0].object()
        #expect(object["_parent_id"] == .string(family.cats[0]))
        #expect(object["_parent_def"] == "cats" && object["_parent_field"] == "visits")
        #expect(link.isParent(of: object))
        let found = try fixture.store.find(FindRequest(collection: "cats-visits", query: link.query))
        #expect(found.documents.map(\.id) == [family.visits[0], family.visits[1], stored[0].id])
    }

    @Test func aMissingParentStoresNoChild() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try family(fixture.store)
        let orphan = ParentLink(collection: "cats", id: "0123456789abcdef01234567", field: "visits")
        #expect(throws: StoreError.documentNotFound("0123456789abcdef01234567")) {
            try fixture.store.insertChildren([["vet": "X"], ["vet": "Y"]], of: orphan, into: "cats-visits")
        }
        #expect(try fixture.store.count(in: "cats-visits") == 3)
    }

    @Test func childrenAreLookedUpThroughTheParentIndex() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try family(fixture.store)
        let table = try fixture.store.collection("cats-visits").table
        let plan = try fixture.store.pool.read { connection in
            var details: [String] = []
            let condition = try DocumentStore.childrenCondition()
            try connection.forEachRow(
                "EXPLAIN QUERY PLAN SELECT id FROM \(table) WHERE \(condition)",
                [.text("a"), .text("b"), .text("c")]
            ) { details.append($0.text(3) ?? "") }
            let query = try Query.parse(text: #"{"_parent_id":"x","_parent_def":"cats"}"#).sqlCondition(
                bodyColumn: "body")
            try connection.forEachRow(
                "EXPLAIN QUERY PLAN SELECT id FROM \(table) WHERE \(query.sql)", query.bindings
            ) { details.append($0.text(3) ?? "") }
            return details.joined(separator: "\n")
        }
        #expect(plan.contains("USING INDEX ix_") && plan.contains("_parent_id"), "\(plan)")
        #expect(!plan.contains("SCAN docs_") && !plan.contains("SCAN \"docs_"), "\(plan)")
    }

    @Test func deletingAParentDeletesItsChildrenAndTheirs() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let family = try family(fixture.store)
        try fixture.store.delete(family.cats[0], from: "cats")
        let left = try fixture.store.find(FindRequest(collection: "cats-visits")).documents.map(\.id)
        #expect(left == [family.visits[2]], "only the other cat's visit is left")
        #expect(try fixture.store.count(in: "visit-notes") == 0, "the visit's note went with it")
    }

    @Test func deletingParentsByIdsOrQueryDeletesTheirChildren() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let family = try family(fixture.store)
        #expect(try fixture.store.delete(ids: [family.cats[1]], from: "cats") == [family.cats[1]])
        #expect(try fixture.store.count(in: "cats-visits") == 2)
        #expect(
            try fixture.store.delete(matching: .object(["name": "Tom"]), from: "cats") == [family.cats[0]])
        #expect(try fixture.store.count(in: "cats-visits") == 0)
        #expect(try fixture.store.count(in: "visit-notes") == 0)
    }

    /// A delete that fails while deleting children (here a trigger refuses the notes' delete)
    /// leaves the parents, the children and the grandchildren all in place.
    @Test(arguments: ["one", "ids", "query"])
    func aCascadeThatFailsMidwayDeletesNothing(form: String) throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let family = try family(fixture.store)
        let notes = try fixture.store.collection("visit-notes").table
        try fixture.store.pool.write { connection in
            try connection.execute(
                "CREATE TRIGGER refuse_note_delete BEFORE DELETE ON \(notes) BEGIN SELECT RAISE(ABORT, 'refused'); END"
            )
        }
        #expect(throws: (any Error).self) {
            switch form {
            case "one": try fixture.store.delete(family.cats[0], from: "cats")
            case "ids": _ = try fixture.store.delete(ids: family.cats, from: "cats")
            default: _ = try fixture.store.delete(matching: nil, from: "cats")
            }
        }
        #expect(try fixture.store.count(in: "cats") == 2)
        #expect(try fixture.store.count(in: "cats-visits") == 3)
        #expect(try fixture.store.count(in: "visit-notes") == 1)
    }

    @Test func childFieldsRoundTripInTheSchemaAndTakeNoValueInTheParent() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let json = Self.catSchema.json
        #expect(json["fields"]?.arrayValue?[1]["collection"] == "cats-visits")
        #expect(try CollectionSchema(json: json) == Self.catSchema)
        #expect(throws: StoreError.self) {
            try CollectionSchema(json: .object(["fields": .object(["visits": "child"])]))
        }
        try fixture.store.setSchema(Self.catSchema, for: "cats")
        let cat = try fixture.store.insert(["name": "Tom", "visits": .array([1])], into: "cats")
        #expect(cat.object()["visits"] == nil, "children are documents of their own collection")
    }
}
