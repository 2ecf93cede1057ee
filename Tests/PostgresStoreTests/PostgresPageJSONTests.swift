import DocumentJSON
import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The list fast path on PostgreSQL: the same bytes and figures as `find` + `renderJSONArray`.
@Suite(.offPool) struct PostgresPageJSONTests {
    @Test func aPageIsTheBytesFindWouldRenderAndTotalsAgree() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        for index in 0..<25 {
            var object: JSONObject = ["name": .string("cat \(index % 7)"), "n": .number(JSONNumber(index))]
            if index % 5 == 0 { object["tags"] = ["a", "b"] }
            _ = try engine.insert(object, into: "cats")
        }
        let requests = [
            FindRequest(collection: "cats"),
            FindRequest(collection: "cats", skip: 3, max: 5, totals: true),
            FindRequest(
                collection: "cats", query: ["n": ["$gte": 10]], sort: [SortKey(path: try FieldPath("name"))],
                max: 4, totals: true),
            FindRequest(collection: "cats", query: ["name": "cat 3"], skip: 20, max: 5, totals: true),
            FindRequest(collection: "cats", filter: "cat 1", max: 100),
        ]
        for request in requests {
            var page: [UInt8] = []
            let counts = try #require(try engine.appendPageJSON(request, into: &page))
            let found = try engine.find(request)
            var rendered: [UInt8] = []
            found.renderJSONArray(metafields: false, into: &rendered)
            #expect(page == rendered, "\(request)")
            #expect(counts.count == found.documents.count && counts.total == found.total, "\(request)")
            #expect(counts.skip == found.skip && counts.max == found.max)
        }
        // What needs `find`: metafields, a projection, groups.
        var untouched: [UInt8] = []
        #expect(
            try engine.appendPageJSON(FindRequest(collection: "cats", metafields: true), into: &untouched)
                == nil)
        #expect(
            try engine.appendPageJSON(FindRequest(collection: "cats", groupBy: ["name"]), into: &untouched)
                == nil)
        #expect(untouched.isEmpty)
        #expect(throws: StoreError.self) {
            try engine.appendPageJSON(FindRequest(collection: "dogs"), into: &untouched)
        }
    }
}
