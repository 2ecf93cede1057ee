import DocumentJSON
import DocumentQuery
import RestLiteTesting
import Testing

@testable import DocumentStore

@Suite struct SnapshotTests {
    @Test func restoreBringsBackDocumentsSchemasAndIndexesAndDropsLaterCollections() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let store = fixture.store
        _ = try store.createCollection("cats", schema: StoreFixture.catSchema)
        let kept = try store.insert(
            ["name": "Tom", "chip": "A1"], into: "cats", options: WriteOptions(actor: "seed"))
        let removed = try store.insert(["name": "Kit", "chip": "B2"], into: "cats")
        _ = try store.createIndex(collection: "cats", path: "name")
        let indexesBefore = try Self.indexCount(store)
        #expect(indexesBefore >= 2)
        let snapshot = try store.captureSnapshot()
        #expect(snapshot.documentCount == 2 && snapshot.collectionCount == 1)

        _ = try store.update(kept.id, in: "cats", with: ["name": "Changed"])
        _ = try store.delete(removed.id, from: "cats")
        _ = try store.insert(["name": "New", "chip": "C3"], into: "cats")
        _ = try store.insert(["x": 1], into: "dogs")
        try store.dropCollection("cats")
        #expect(store.collectionNames() == ["dogs"])

        try store.restoreSnapshot(snapshot)
        #expect(store.collectionNames() == ["cats"])
        #expect(try store.count(in: "cats") == 2)
        let back = try store.document(kept.id, in: "cats")
        #expect(back.jsonString(metafields: true) == kept.jsonString(metafields: true))
        #expect(back.createdBy == "seed" && back.version == 0)
        #expect(try store.document(removed.id, in: "cats").id == removed.id)
        #expect(try store.schema(of: "cats") == StoreFixture.catSchema)
        // The unique field still checks, and the index came back with the table.
        #expect(throws: StoreError.self) { try store.insert(["name": "Dup", "chip": "A1"], into: "cats") }
        #expect(try Self.indexCount(store) == indexesBefore)
    }

    static func indexCount(_ store: DocumentStore) throws -> Int64 {
        let value = try store.pool.read { connection in
            try connection.scalar(
                "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'docs_1' AND sql IS NOT NULL"
            )
        }
        guard case .integer(let count) = value else { return -1 }
        return count
    }

    @Test func restoreOfAnEmptySnapshotEmptiesTheStore() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let empty = try fixture.store.captureSnapshot()
        _ = try fixture.store.insert(["a": 1], into: "cats")
        try fixture.store.restoreSnapshot(empty)
        #expect(fixture.store.collectionNames().isEmpty)
        #expect(try fixture.store.listCollections().isEmpty)
    }

    @Test func aSnapshotCanBeRestoredTwiceAndWritesContinueAfterIt() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let store = fixture.store
        _ = try store.insertMany((0..<50).map { ["n": .number(JSONNumber($0))] }, into: "cats")
        let snapshot = try store.captureSnapshot()
        for _ in 0..<2 {
            _ = try store.insert(["n": 99], into: "cats")
            try store.restoreSnapshot(snapshot)
            #expect(try store.count(in: "cats") == 50)
        }
        let added = try store.insert(["n": 100], into: "cats")
        #expect(try store.count(in: "cats") == 51)
        #expect(try store.document(added.id, in: "cats").id == added.id)
    }
}
