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
/// On both engines (PostgresAutoIndexTests has PostgreSQL's automatic indexes).
@Suite struct IndexRoutesTests {
    private func body(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func listShowsDeclaredUniqueAndAutomaticIndexesByCollection() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        #expect(body(api.request(.get, "/_restlite/indexes")) == #"{"indexes":[]}"#)
        #expect(
            api.request(.post, "/_restlite/indexes", body: #"{"collection":"a3cats","field":"rating"}"#)
                .status == .ok)
        let declared =
            #"{"collection":"a3cats","field":"rating","purposes":["filter","sort"],"automatic":false}"#
        guard TestAPI.engine == .sqlite else {
            // PostgreSQL: a unique field's index is listed too (it serves filters).
            try api.store.setSchema(
                CollectionSchema(fields: [FieldSchema(name: "catName", type: .text, unique: true)]),
                for: "a3cats")
            #expect(
                body(api.request(.get, "/_restlite/indexes?collection=a3cats"))
                    == #"{"indexes":[{"collection":"a3cats","field":"catName","purposes":["filter"],"automatic":false},"#
                    + declared + "]}")
            #expect(api.request(.delete, "/_restlite/indexes/a3cats/catName").status == .badRequest)
            #expect(api.request(.get, "/_restlite/indexes?collection=dogs").status == .notFound)
            return
        }
        // An automatic index, as the store's background pass makes it.
        let info = try api.sqliteStore.collection("a3cats")
        _ = try api.sqliteStore.createAutomaticIndex(
            .init(collectionID: info.id, path: try FieldPath("name"), purpose: .filter), maximumDocuments: 100
        )
        let listed = body(api.request(.get, "/_restlite/indexes?collection=a3cats"))
        #expect(
            listed
                == #"{"indexes":[{"collection":"a3cats","field":"name","purposes":["filter"],"automatic":true,"#
                + #""reads":0,"lastRead":null},"#
                + declared + "]}"
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
        #expect(try (api.store as? any IndexingEngine)?.indexes(of: "a3cats").isEmpty == true)
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
