import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@Suite struct WriteTests {
    let api: TestAPI

    init() throws {
        api = try TestAPI()
        try api.seedCats(3)
    }

    @Test func postOneAnswers201WithTheStoredDocumentAndSystemFields() throws {
        let response = api.request(
            .post, "/rest/a3cats",
            body:
                #"{"_id":"ignored","catName":"Felis","birthDate":"2015-06-01T12:00:00.000Z","weightKg":2.50,"rating":4}"#
        )
        expectEqual(response.status, .created)
        let body = try response.json()
        let id = try #require(body["_id"]?.stringValue)
        expect(id.count == 24 && id != "ignored")
        expectEqual(body["weightKg"]?.numberValue?.text, "2.50")
        expectEqual(body["birthDate"], "2015-06-01T12:00:00.000Z")
        expectEqual(body["_version"], 0)
        expectEqual(body["_createdby"], "api")
        expectEqual(body["_created"]?.stringValue?.hasSuffix("Z"), true)
    }

    @Test func postAnArrayStoresAllOrNothing() throws {
        let good = api.request(
            .post, "/rest/a3cats", body: #"[{"catName":"a","rating":1},{"catName":"b","rating":2}]"#)
        expectEqual(good.status, .created)
        try expectEqual(try good.json().arrayValue?.count, 2)
        let bad = api.request(
            .post, "/rest/a3cats", body: #"[{"catName":"c","rating":3},{"catName":"d","rating":"high"}]"#)
        expectEqual(bad.status, .badRequest)
        let error = try bad.json()
        expectEqual(error["name"], "ValidationError")
        expectEqual(error["list"]?.arrayValue?.isEmpty, false)
        try expectEqual(try api.store.count(in: "a3cats"), 5)
    }

    @Test func validateFalseSkipsTheSchema() throws {
        let response = api.request(.post, "/rest/a3cats?validate=false", body: #"{"rating":"high"}"#)
        expectEqual(response.status, .created)
    }

    @Test func validationErrorsListEveryField() throws {
        let response = api.request(
            .post, "/rest/a3cats", body: #"{"weightKg":"heavy","birthDate":"someday"}"#)
        expectEqual(response.status, .badRequest)
        let body = try response.json()
        expectEqual(body["name"], "ValidationError")
        let fields = body["list"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        expectEqual(Set(fields), ["weightKg", "birthDate"])
    }

    @Test func formBodiesAreTypedByTheSchema() throws {
        let response = api.request(
            .post, "/rest/a3cats", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "catName=Felis+silvestris&rating=5&weightKg=3.25&breedId=007&extra=12")
        expectEqual(response.status, .created)
        let body = try response.json()
        expectEqual(body["catName"], "Felis silvestris")
        expectEqual(body["rating"], 5)
        expectEqual(body["weightKg"]?.numberValue?.text, "3.25")
        expectEqual(body["breedId"], "007")
        expectEqual(body["extra"], 12)
    }

    @Test func jsonSentWithTheFormContentTypeIsReadAsJSON() throws {
        // What `curl -d '{"rating":4}'` sends when no Content-Type is given.
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let created = api.request(
            .post, "/rest/a3cats", headers: form, body: #" {"catName":"Felis","rating":4}"#)
        expectEqual(created.status, .created)
        let id = try #require(created.json()["_id"]?.stringValue)
        let updated = try api.request(.put, "/rest/a3cats/\(id)", headers: form, body: #"{"rating":5}"#)
            .json()
        expectEqual(updated["rating"], 5)
        expectEqual(updated["catName"], "Felis")
        expectEqual(updated.objectValue?.keys.contains(where: { $0.hasPrefix("{") }), false)
    }

    @Test func theMetaNameIsReservedForTheAPI() throws {
        let response = api.request(.post, "/rest/_meta", body: #"{"name":"x"}"#)
        expectEqual(response.status, .badRequest)
        try expectEqual(try response.json()["message"]?.stringValue?.contains("reserved"), true)
        #expect(
            try api.request(.get, "/rest/_meta").json()["collections"] == [["name": "a3cats", "count": 3]])
    }

    @Test func postCreatesACollectionUnlessStrict() throws {
        expectEqual(api.request(.post, "/rest/dogs", body: #"{"name":"Rex"}"#).status, .created)
        let strict = try TestAPI(strict: true)
        let refused = strict.request(.post, "/rest/dogs", body: #"{"name":"Rex"}"#)
        expectEqual(refused.status, .notFound)
    }

    @Test(arguments: ["", "   ", "[1,2]", "nope", #""text""#])
    func badBodiesAreRefusedAndStoreNothing(body: String) throws {
        let response = api.request(.post, "/rest/a3cats", body: body)
        expectEqual(response.status, .badRequest)
        try expectEqual(try response.json()["name"], "BadRequest")
        try expectEqual(try api.store.count(in: "a3cats"), 3)
    }

    @Test func putMergesAndKeepsOtherFields() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        let response = api.request(
            .put, "/rest/a3cats/\(id)", body: #"{"_id":"\#(id)","ownerName":"New Owner","rating":5}"#)
        expectEqual(response.status, .ok)
        let body = try response.json()
        expectEqual(body["ownerName"], "New Owner")
        expectEqual(body["catName"], "Felis catus 0")
        expectEqual(body["_version"], 1)
    }

    @Test func patchAndOperatorsUpdate() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        let response = api.request(
            .patch, "/rest/a3cats/\(id)",
            body: #"{"$inc":{"rating":2},"$push":{"tags":"x"},"$unset":{"photoUrl":1}}"#)
        expectEqual(response.status, .ok)
        let body = try response.json()
        expectEqual(body["rating"], 3)
        expectEqual(body["tags"], ["x"])
        expectEqual(body["photoUrl"], nil)
    }

    @Test func putErrors() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        expectEqual(api.request(.put, "/rest/a3cats/0123456789abcdef01234567", body: "{}").status, .notFound)
        expectEqual(api.request(.put, "/rest/a3cats/xyz", body: "{}").status, .badRequest)
        let mismatch = api.request(.put, "/rest/a3cats/\(id)", body: #"{"_id":"0123456789abcdef01234567"}"#)
        expectEqual(mismatch.status, .badRequest)
        expectEqual(api.request(.put, "/rest/a3cats/\(id)", body: "[1]").status, .badRequest)
        #expect(
            api.request(.put, "/rest/a3cats/\(id)", body: #"{"$inc":{"catName":1}}"#).status == .badRequest)
    }

    @Test func putStarUpdatesEveryMatch() throws {
        let response = api.request(
            .put, #"/rest/a3cats/*?q={"rating":{"$gte":2}}"#, body: #"{"$set":{"checked":true}}"#)
        expectEqual(response.status, .ok)
        try expectEqual(try response.json()["result"]?.arrayValue?.count, 2)
        try expectEqual(try api.store.count(in: "a3cats", matching: ["checked": true]), 2)
    }

    @Test func deleteOneByIdListAndQuery() throws {
        let ids = try api.store.find(FindRequest(collection: "a3cats")).documents.map(\.id)
        let one = api.request(
            .delete, "/rest/a3cats/\(ids[0])", headers: ["Content-Type": "application/json"])
        expectEqual(one.status, .ok)
        expectEqual(one.bodyString, #"{"result":["\#(ids[0])"]}"#)
        expectEqual(api.request(.delete, "/rest/a3cats/\(ids[0])").status, .notFound)
        let list = api.request(.delete, "/rest/a3cats/*", body: #"["\#(ids[1])"]"#)
        try expectEqual(try list.json(), ["result": [.string(ids[1])]])
        let query = api.request(.delete, #"/rest/a3cats/*?q={"rating":3}"#)
        try expectEqual(try query.json(), ["result": [.string(ids[2])]])
        try expectEqual(try api.store.count(in: "a3cats"), 0)
    }

    @Test func methodOverrideTurnsPostIntoPutOrDelete() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        let put = api.request(
            .post, "/rest/a3cats/\(id)", headers: ["X-HTTP-Method-Override": "PUT"], body: #"{"rating":2}"#)
        expectEqual(put.status, .ok)
        try expectEqual(try put.json()["rating"], 2)
        let delete = api.request(.post, "/rest/a3cats/\(id)", headers: ["x-http-method-override": "delete"])
        expectEqual(delete.status, .ok)
        let bad = api.request(.post, "/rest/a3cats", headers: ["X-HTTP-Method-Override": "TRACE"], body: "{}")
        expectEqual(bad.status, .badRequest)
    }
}
