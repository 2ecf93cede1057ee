import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentStore

/// A write that fails leaves nothing behind: not a document, and not the collection it would
/// have created.
@Suite struct FailedWriteTests {
    @Test func aNumberBeyondADoubleCreatesNoCollection() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        #expect(throws: StoreError.self) {
            try fixture.store.insert(try StoreFixture.object(#"{"n":1e400}"#), into: "nums")
        }
        #expect(!fixture.store.collectionNames().contains("nums"))
        #expect(try fixture.store.listCollections().allSatisfy { $0.name != "nums" })
    }

    @Test func anArrayWithOneBadElementCreatesNoCollection() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let objects = [try StoreFixture.object(#"{"a":1}"#), try StoreFixture.object(#"{"$b":1}"#)]
        #expect(throws: StoreError.self) { try fixture.store.insertMany(objects, into: "fresh") }
        #expect(!fixture.store.collectionNames().contains("fresh"))
    }

    @Test func aChildOfAMissingParentCreatesNoChildCollection() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.setSchema(
            CollectionSchema(fields: [FieldSchema(name: "visits", type: .child, collection: "visits")]),
            for: "cats")
        let link = ParentLink(collection: "cats", id: "0123456789abcdef01234567", field: "visits")
        #expect(throws: StoreError.documentNotFound("0123456789abcdef01234567")) {
            try fixture.store.insertChildren([["vet": "A"]], of: link, into: "visits")
        }
        #expect(!fixture.store.collectionNames().contains("visits"))
    }

    @Test func aGoodWriteStillCreatesItsCollectionAndLaterWritesFindIt() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insert(["n": 1], into: "nums")
        _ = try fixture.store.insert(["n": 2], into: "nums")
        #expect(fixture.store.collectionNames().contains("nums"))
        #expect(try fixture.store.count(in: "nums") == 2)
    }

    @Test func aWriteToANewCollectionValidatesAgainstASchemaSetMeanwhile() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fixture.store.setSchema(
            CollectionSchema(fields: [FieldSchema(name: "n", type: .number)]), for: "typed")
        #expect(throws: StoreError.self) { try fixture.store.insert(["n": "text"], into: "typed") }
        #expect(try fixture.store.count(in: "typed") == 0)
    }
}
