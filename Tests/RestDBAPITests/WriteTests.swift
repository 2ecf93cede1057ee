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
        #expect(response.status == .created)
        let body = try response.json()
        let id = try #require(body["_id"]?.stringValue)
        #expect(id.count == 24 && id != "ignored")
        #expect(body["weightKg"]?.numberValue?.text == "2.50")
        #expect(body["birthDate"] == "2015-06-01T12:00:00.000Z")
        #expect(body["_version"] == 0)
        #expect(body["_createdby"] == "api")
        #expect(body["_created"]?.stringValue?.hasSuffix("Z") == true)
    }

    @Test func postAnArrayStoresAllOrNothing() throws {
        let good = api.request(
            .post, "/rest/a3cats", body: #"[{"catName":"a","rating":1},{"catName":"b","rating":2}]"#)
        #expect(good.status == .created)
        #expect(try good.json().arrayValue?.count == 2)
        let bad = api.request(
            .post, "/rest/a3cats", body: #"[{"catName":"c","rating":3},{"catName":"d","rating":"high"}]"#)
        #expect(bad.status == .badRequest)
        let error = try bad.json()
        #expect(error["name"] == "ValidationError")
        #expect(error["list"]?.arrayValue?.isEmpty == false)
        #expect(try api.store.count(in: "a3cats") == 5)
    }

    @Test func validateFalseSkipsTheSchema() throws {
        let response = api.request(.post, "/rest/a3cats?validate=false", body: #"{"rating":"high"}"#)
        #expect(response.status == .created)
    }

    @Test func validationErrorsListEveryField() throws {
        let response = api.request(
            .post, "/rest/a3cats", body: #"{"weightKg":"heavy","birthDate":"someday"}"#)
        #expect(response.status == .badRequest)
        let body = try response.json()
        #expect(body["name"] == "ValidationError")
        let fields = body["list"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        #expect(Set(fields) == ["weightKg", "birthDate"])
    }

    @Test func formBodiesAreTypedByTheSchema() throws {
        let response = api.request(
            .post, "/rest/a3cats", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: "catName=Felis+silvestris&rating=5&weightKg=3.25&breedId=007&extra=12")
        #expect(response.status == .created)
        let body = try response.json()
        #expect(body["catName"] == "Felis silvestris")
        #expect(body["rating"] == 5)
        #expect(body["weightKg"]?.numberValue?.text == "3.25")
        #expect(body["breedId"] == "007")
        #expect(body["extra"] == 12)
    }

    @Test func jsonSentWithTheFormContentTypeIsReadAsJSON() throws {
        // What `curl -d '{"rating":4}'` sends when no Content-Type is given.
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let created = api.request(
            .post, "/rest/a3cats", headers: form, body: #" {"catName":"Felis","rating":4}"#)
        #expect(created.status == .created)
        let id = try #require(created.json()["_id"]?.stringValue)
        let updated = try api.request(.put, "/rest/a3cats/\(id)", headers: form, body: #"{"rating":5}"#)
            .json()
        #expect(updated["rating"] == 5)
        #expect(updated["catName"] == "Felis")
        #expect(updated.objectValue?.keys.contains(where: { $0.hasPrefix("{") }) == false)
    }

    @Test func theMetaNameIsReservedForTheAPI() throws {
        let response = api.request(.post, "/rest/_meta", body: #"{"name":"x"}"#)
        #expect(response.status == .badRequest)
        #expect(try response.json()["message"]?.stringValue?.contains("reserved") == true)
        #expect(
            try api.request(.get, "/rest/_meta").json()["collections"] == [["name": "a3cats", "count": 3]])
    }

    @Test func postCreatesACollectionUnlessStrict() throws {
        #expect(api.request(.post, "/rest/dogs", body: #"{"name":"Rex"}"#).status == .created)
        let strict = try TestAPI(strict: true)
        let refused = strict.request(.post, "/rest/dogs", body: #"{"name":"Rex"}"#)
        #expect(refused.status == .notFound)
    }

    @Test(arguments: ["", "   ", "[1,2]", "nope", #""text""#])
    func badBodiesAreRefusedAndStoreNothing(body: String) throws {
        let response = api.request(.post, "/rest/a3cats", body: body)
        #expect(response.status == .badRequest)
        #expect(try response.json()["name"] == "BadRequest")
        #expect(try api.store.count(in: "a3cats") == 3)
    }

    @Test func putMergesAndKeepsOtherFields() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        let response = api.request(
            .put, "/rest/a3cats/\(id)", body: #"{"_id":"\#(id)","ownerName":"New Owner","rating":5}"#)
        #expect(response.status == .ok)
        let body = try response.json()
        #expect(body["ownerName"] == "New Owner")
        #expect(body["catName"] == "Felis catus 0")
        #expect(body["_version"] == 1)
    }

    @Test func patchAndOperatorsUpdate() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        let response = api.request(
            .patch, "/rest/a3cats/\(id)",
            body: #"{"$inc":{"rating":2},"$push":{"tags":"x"},"$unset":{"photoUrl":1}}"#)
        #expect(response.status == .ok)
        let body = try response.json()
        #expect(body["rating"] == 3)
        #expect(body["tags"] == ["x"])
        #expect(body["photoUrl"] == nil)
    }

    @Test func putErrors() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        #expect(api.request(.put, "/rest/a3cats/0123456789abcdef01234567", body: "{}").status == .notFound)
        #expect(api.request(.put, "/rest/a3cats/xyz", body: "{}").status == .badRequest)
        let mismatch = api.request(.put, "/rest/a3cats/\(id)", body: #"{"_id":"0123456789abcdef01234567"}"#)
        #expect(mismatch.status == .badRequest)
        #expect(api.request(.put, "/rest/a3cats/\(id)", body: "[1]").status == .badRequest)
        #expect(
            api.request(.put, "/rest/a3cats/\(id)", body: #"{"$inc":{"catName":1}}"#).status == .badRequest)
    }

    @Test func putStarUpdatesEveryMatch() throws {
        let response = api.request(
            .put, #"/rest/a3cats/*?q={"rating":{"$gte":2}}"#, body: #"{"$set":{"checked":true}}"#)
        #expect(response.status == .ok)
        #expect(try response.json()["result"]?.arrayValue?.count == 2)
        #expect(try api.store.count(in: "a3cats", matching: ["checked": true]) == 2)
    }

    @Test func deleteOneByIdListAndQuery() throws {
        let ids = try api.store.find(FindRequest(collection: "a3cats")).documents.map(\.id)
        let one = api.request(
            .delete, "/rest/a3cats/\(ids[0])", headers: ["Content-Type": "application/json"])
        #expect(one.status == .ok)
        #expect(one.bodyString == #"{"result":["\#(ids[0])"]}"#)
        #expect(api.request(.delete, "/rest/a3cats/\(ids[0])").status == .notFound)
        let list = api.request(.delete, "/rest/a3cats/*", body: #"["\#(ids[1])"]"#)
        #expect(try list.json() == ["result": [.string(ids[1])]])
        let query = api.request(.delete, #"/rest/a3cats/*?q={"rating":3}"#)
        #expect(try query.json() == ["result": [.string(ids[2])]])
        #expect(try api.store.count(in: "a3cats") == 0)
    }

    @Test func methodOverrideTurnsPostIntoPutOrDelete() throws {
        let id = try #require(api.store.find(FindRequest(collection: "a3cats")).documents.first?.id)
        let put = api.request(
            .post, "/rest/a3cats/\(id)", headers: ["X-HTTP-Method-Override": "PUT"], body: #"{"rating":2}"#)
        #expect(put.status == .ok)
        #expect(try put.json()["rating"] == 2)
        let delete = api.request(.post, "/rest/a3cats/\(id)", headers: ["x-http-method-override": "delete"])
        #expect(delete.status == .ok)
        let bad = api.request(.post, "/rest/a3cats", headers: ["X-HTTP-Method-Override": "TRACE"], body: "{}")
        #expect(bad.status == .badRequest)
    }
}
