import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// `appendPageJSON` writes the same bytes and figures as `find` + `renderJSONArray`, and leaves
/// projections and grouped reads to `find`.
@Suite struct PageJSONTests {
    private func store() throws -> StoreFixture {
        let fixture = try StoreFixture()
        let cats = (0..<7).map { index -> JSONObject in
            ["name": .string("cat \"\(index)\""), "n": .number(JSONNumber(index)), "tags": ["a", "b"]]
        }
        _ = try fixture.store.insertMany(cats, into: "cats", options: WriteOptions(actor: "ann"))
        _ = try fixture.store.insertMany([["name": "no actor", "n": 99]], into: "cats")
        return fixture
    }

    private func viaFind(_ store: DocumentStore, _ request: FindRequest) throws -> ([UInt8], PageCounts) {
        let result = try store.find(request)
        var bytes: [UInt8] = []
        result.renderJSONArray(metafields: request.metafields, into: &bytes)
        let summary = PageCounts(
            count: result.documents.count, total: result.total, skip: result.skip, max: result.max)
        return (bytes, summary)
    }

    @Test(arguments: [false, true])
    func samePagesAsFind(metafields: Bool) throws {
        let fixture = try store()
        defer { fixture.close() }
        let requests = [
            FindRequest(collection: "cats", max: 100, totals: true, metafields: metafields),
            FindRequest(collection: "cats", skip: 2, max: 3, totals: true, metafields: metafields),
            FindRequest(collection: "cats", skip: 20, max: 3, totals: true, metafields: metafields),
            FindRequest(
                collection: "cats", query: ["n": ["$gte": 3]],
                sort: [SortKey(path: try FieldPath("n"), ascending: false)],
                max: 2, totals: true, metafields: metafields),
            FindRequest(collection: "cats", max: 4, totals: false, metafields: metafields),
        ]
        for request in requests {
            var bytes: [UInt8] = []
            let page = try #require(try fixture.store.appendPageJSON(request, into: &bytes))
            let (expected, summary) = try viaFind(fixture.store, request)
            #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            #expect(page == summary)
        }
    }

    @Test func projectionsAndGroupsAreLeftToFind() throws {
        let fixture = try store()
        defer { fixture.close() }
        var bytes: [UInt8] = []
        var projected = FindRequest(collection: "cats", max: 10)
        projected.fields = .include([try FieldPath("name")], includeID: true)
        #expect(try fixture.store.appendPageJSON(projected, into: &bytes) == nil)
        #expect(
            try fixture.store.appendPageJSON(FindRequest(collection: "cats", groupBy: ["n"]), into: &bytes)
                == nil
        )
        #expect(bytes.isEmpty)
        #expect(throws: StoreError.self) {
            try fixture.store.appendPageJSON(FindRequest(collection: "nope", max: 1), into: &bytes)
        }
    }
}
