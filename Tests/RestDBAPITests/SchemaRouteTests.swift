import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// `PUT /rest/<collection>/_meta`, restlite's extension for setting a new or empty collection's
/// schema (what `restlite import --url` uses for a new collection).
@Suite struct SchemaRouteTests {
    private static let catsSchema = #"""
        {"name":"cats","fields":[{"name":"born","type":"date","required":false,"unique":false},
        {"name":"kg","type":"float_number","required":false,"unique":false},
        {"name":"chip","type":"text","required":false,"unique":true}]}
        """#

    private func fieldNames(_ response: HTTPResponse) throws -> [String] {
        try response.json()["fields"]?.arrayValue?.compactMap { "\($0["name"]!.stringValue!):\($0["type"]!)" }
            ?? []
    }

    @Test func putMetaCreatesANewCollectionWhoseWritesFollowTheSchema() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let put = api.request(.put, "/rest/cats/_meta", body: Self.catsSchema)
        #expect(put.status == .ok)
        #expect(try put.json()["name"] == "cats" && put.json()["count"] == 0)
        #expect(try fieldNames(put) == [#"born:"date""#, #"kg:"float_number""#, #"chip:"text""#])
        let get = api.request(.get, "/rest/cats/_meta")
        #expect(get.body == put.body, "PUT answers what GET answers")

        let created = api.request(
            .post, "/rest/cats", body: #"{"born":"2004-03-19T15:12:47Z","kg":2,"chip":"a"}"#)
        #expect(created.status == .created)
        #expect(try created.json()["born"] == "2004-03-19T15:12:47.000Z")
        #expect(api.request(.post, "/rest/cats", body: #"{"chip":"a"}"#).status == .badRequest, "unique")
        #expect(api.request(.post, "/rest/cats", body: #"{"kg":"heavy"}"#).status == .badRequest)
    }

    @Test func whatGetMetaAnsweredCanBePutBackOnAnEmptyCollection() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(2)
        let meta = api.request(.get, "/rest/a3cats/_meta")
        _ = try api.store.delete(matching: nil, from: "a3cats")
        #expect(api.request(.put, "/rest/dogs/_meta", body: #"{"fields":[]}"#).status == .ok)
        let body = String(decoding: meta.body, as: UTF8.self).replacingOccurrences(of: "a3cats", with: "dogs")
        let put = api.request(.put, "/rest/dogs/_meta", body: body)
        #expect(put.status == .ok)
        #expect(try fieldNames(put) == fieldNames(meta))
        let emptied = api.request(.put, "/rest/dogs/_meta", body: #"{"name":"dogs","fields":[]}"#)
        #expect(try emptied.json()["fields"] == [])
        #expect(try api.store.schema(of: "dogs") == nil, "an empty field list removes the schema")
    }

    @Test func aCollectionHoldingDocumentsIs409AndKeepsItsSchema() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        let before = try api.store.schema(of: "a3cats")
        let response = api.request(
            .put, "/rest/a3cats/_meta", body: #"{"fields":[{"name":"x","type":"text"}]}"#)
        #expect(response.status.code == 409)
        let error = try response.json()
        #expect(error["name"] == "Conflict" && error["status"] == 409)
        #expect(error["message"]?.stringValue?.contains("holds 1 document,") == true, "\(error)")
        #expect(try api.store.schema(of: "a3cats") == before)
    }

    @Test func onlyAFullAccessKeyMaySetASchema() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "scopedkey0000000000000002", methods: ["GET", "PUT"])
        let scoped = api.request(
            .put, "/rest/cats/_meta", headers: ["x-apikey": "scopedkey0000000000000002"],
            body: Self.catsSchema)
        #expect(scoped.status == .forbidden)
        #expect(try scoped.json()["message"]?.stringValue?.contains("full-access key") == true)
        #expect(!api.store.collectionNames().contains("cats"))
        #expect(
            api.request(.put, "/rest/cats/_meta", headers: ["x-apikey": ""], body: Self.catsSchema).status
                == .unauthorized)
    }

    @Test func aStrictServerSetsSchemasOfExistingCollectionsOnly() throws {
        let api = try TestAPI(strict: true)
        defer { api.remove() }
        let missing = api.request(.put, "/rest/cats/_meta", body: Self.catsSchema)
        #expect(missing.status == .notFound)
        #expect(try missing.json()["message"]?.stringValue?.contains("--strict") == true)
        #expect(!api.store.collectionNames().contains("cats"))
        try api.store.createCollection("cats")
        #expect(api.request(.put, "/rest/cats/_meta", body: Self.catsSchema).status == .ok)
    }

    @Test(arguments: [
        ("", "no body"),
        ("[1]", "JSON object"),
        ("{nope", "not valid JSON"),
        (#"{"field":[]}"#, "\"fields\""),
        (#"{"fields":[{"name":"a","type":"colour"}]}"#, "unknown type 'colour'"),
        (#"{"fields":[{"name":"_created","type":"date"}]}"#, "system field"),
        (#"{"name":"dogs","fields":[]}"#, "differs from the URL's collection 'cats'"),
    ])
    func aBadBodyIs400AndCreatesNothing(body: String, message: String) throws {
        let api = try TestAPI()
        defer { api.remove() }
        let response = api.request(.put, "/rest/cats/_meta", body: body)
        #expect(response.status == .badRequest)
        #expect(try response.json()["message"]?.stringValue?.contains(message) == true, "\(body)")
        #expect(!api.store.collectionNames().contains("cats"))
    }

    @Test func postSchemaEditsALiveCollectionAfterADryRunThatCountsMisfits() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        let fields = #"""
            [{"name":"name","type":"text"},{"name":"ownerName","type":"text"},{"name":"breedId","type":"text"},
            {"name":"birthDate","type":"date"},{"name":"weightKg","type":"float_number"},
            {"name":"rating","type":"text"},{"name":"photoUrl","type":"text"}]
            """#
        let body = #"{"fields":\#(fields),"renames":{"catName":"name"}"#
        let dry = api.request(.post, "/_restlite/collections/a3cats/schema", body: body + #","dryRun":true}"#)
        #expect(dry.status == .ok)
        let report = try dry.json()
        #expect(report["applied"] == false && report["documents"] == 3 && report["changedDocuments"] == 3)
        #expect(report["misfits"] == [["field": "rating", "documents": 3, "message": "must be text"]])
        #expect(report["renamed"] == [["from": "catName", "to": "name"]])
        #expect(
            try api.store.schema(of: "a3cats")?.fields.first?.name == "catName", "a dry run changes nothing")

        let applied = api.request(.post, "/_restlite/collections/a3cats/schema", body: body + "}")
        #expect(try applied.json()["applied"] == true)
        let list = try api.request(.get, "/rest/a3cats").json().arrayValue ?? []
        #expect(list.compactMap { $0["name"]?.stringValue }.count == 3)
        #expect(list.allSatisfy { $0["catName"] == nil })
        let meta = try api.request(.get, "/rest/a3cats/_meta").json()
        #expect(meta["fields"]?.arrayValue?.first?["name"] == "name")
    }

    @Test func postSchemaIs404ForAnUnknownCollectionAnd400ForABadBody() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let missing = api.request(.post, "/_restlite/collections/nope/schema", body: #"{"fields":[]}"#)
        #expect(missing.status == .notFound)
        let bad = api.request(.post, "/_restlite/collections/nope/schema", body: "[1]")
        #expect(bad.status == .badRequest)
    }
}
