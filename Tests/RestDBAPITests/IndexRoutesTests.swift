import DocumentQuery
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import DocumentStore
@testable import RestDBAPI
@testable import ServerAssembly

/// `/_restlite/indexes`: list, declare and remove field indexes (what `restlite index` uses
/// beside a running server and what shows automatic indexes).
/// Indexes as the SQLite engine keeps them (declared and automatic); PostgreSQL's engine answers
/// these routes with 501 (docs/API.md, "The PostgreSQL engine").
@Suite(.enabled(if: TestAPI.engine == .sqlite, "index routes are SQLite's"))
struct IndexRoutesTests {
    private func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func listShowsDeclaredUniqueAndAutomaticIndexesByCollection() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        #expect(body(api.request(.get, "/_restlite/indexes")) == #"{"indexes":[]}"#)
        #expect(
            api.request(.post, "/_restlite/indexes", body: #"{"collection":"a3cats","field":"rating"}"#)
                .status == .ok)
        // An automatic index, as the store's background pass makes it.
        let info = try api.sqliteStore.collection("a3cats")
        _ = try api.sqliteStore.createAutomaticIndex(
            .init(collectionID: info.id, path: try FieldPath("name"), purpose: .filter), maximumDocuments: 100
        )
        let listed = body(api.request(.get, "/_restlite/indexes?collection=a3cats"))
        #expect(
            listed
                == #"{"indexes":[{"collection":"a3cats","field":"name","purposes":["filter"],"automatic":true},"#
                + #"{"collection":"a3cats","field":"rating","purposes":["filter","sort"],"automatic":false}]}"#
        )
        #expect(api.request(.get, "/_restlite/indexes?collection=dogs").status == .notFound)
        #expect(api.request(.get, "/_restlite/indexes", headers: ["x-apikey": ""]).status == .unauthorized)
    }

    @Test func deleteRemovesAFieldsIndexesAnd404sWhenThereAreNone() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        _ = api.request(.post, "/_restlite/indexes", body: #"{"collection":"a3cats","field":"rating"}"#)
        let removed = api.request(.delete, "/_restlite/indexes/a3cats/rating")
        #expect(removed.status == .ok, "\(body(removed))")
        #expect(body(removed) == #"{"collection":"a3cats","removed":"rating"}"#)
        #expect(try api.sqliteStore.indexes(of: "a3cats").isEmpty)
        let again = api.request(.delete, "/_restlite/indexes/a3cats/rating")
        #expect(again.status == .notFound)
        #expect(body(again).contains("a3cats.rating has no index"))
        #expect(api.request(.delete, "/_restlite/indexes/dogs/rating").status == .notFound)
        #expect(
            api.request(.delete, "/_restlite/indexes/a3cats/rating", headers: ["x-apikey": ""]).status
                == .unauthorized)
    }
}

/// `restlite serve` indexes by itself unless `--no-auto-index` or `RESTLITE_NO_AUTO_INDEX` says
/// not to.
@Suite struct AutoIndexSettingTests {
    @Test func serveIndexesByItselfUnlessTheFlagOrTheVariableSaysNo() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(defaults.autoIndex)
        #expect(StoreOpening.storeOptions(defaults).autoIndex != nil)
        var overrides = ServeOverrides()
        overrides.noAutoIndex = true
        let flag = try ServeConfiguration.resolve(overrides, environment: [:])
        #expect(!flag.autoIndex && StoreOpening.storeOptions(flag).autoIndex == nil)
        let variable = try ServeConfiguration.resolve(
            ServeOverrides(), environment: ["RESTLITE_NO_AUTO_INDEX": "1"])
        #expect(!variable.autoIndex)
    }
}
