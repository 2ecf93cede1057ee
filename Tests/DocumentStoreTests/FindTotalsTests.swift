import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentStore

/// `find` only counts when the page cannot tell the total, and the cached whole-collection
/// count follows every commit, from this store or from another connection.
@Suite struct FindTotalsTests {
    private func store(cats count: Int) throws -> StoreFixture {
        let fixture = try StoreFixture()
        let cats = (0..<count).map { index -> JSONObject in ["n": .number(JSONNumber(index))] }
        _ = try fixture.store.insertMany(cats, into: "cats")
        return fixture
    }

    private func total(_ store: DocumentStore, skip: Int = 0, max: Int, query: JSONValue? = nil) throws
        -> Int?
    {
        try store.find(FindRequest(collection: "cats", query: query, skip: skip, max: max, totals: true))
            .total
    }

    @Test func totalsAreRightWhetherOrNotThePageIsFull() throws {
        let fixture = try store(cats: 5)
        defer { fixture.close() }
        #expect(try total(fixture.store, max: 10) == 5)  // page not full: from the page
        #expect(try total(fixture.store, skip: 3, max: 10) == 5)  // skip + page
        #expect(try total(fixture.store, skip: 9, max: 10) == 5)  // past the end: counted
        #expect(try total(fixture.store, max: 2) == 5)  // full page: counted
        #expect(try total(fixture.store, max: 0) == 5)
        #expect(try total(fixture.store, max: 1, query: ["n": ["$gte": 2]]) == 3)  // counted with WHERE
        #expect(try total(fixture.store, skip: 1, max: 5, query: ["n": ["$gte": 2]]) == 3)
    }

    @Test func cachedCountFollowsEveryWrite() throws {
        let fixture = try store(cats: 4)
        defer { fixture.close() }
        #expect(try total(fixture.store, max: 1) == 4)
        #expect(try total(fixture.store, max: 1) == 4)
        let added = try fixture.store.insert(["n": 9], into: "cats")
        #expect(try total(fixture.store, max: 1) == 5)
        _ = try fixture.store.delete(added.id, from: "cats")
        #expect(try total(fixture.store, max: 1) == 4)
    }

    @Test func cachedCountSeesCommitsFromAnotherConnection() throws {
        let fixture = try store(cats: 3)
        defer { fixture.close() }
        #expect(try total(fixture.store, max: 1) == 3)
        let other = try DocumentStore(path: fixture.database.path)
        _ = try other.insertMany([["n": 10], ["n": 11]], into: "cats")
        #expect(try total(fixture.store, max: 1) == 5)
    }
}
