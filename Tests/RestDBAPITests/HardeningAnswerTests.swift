import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// Answers that must be refusals: values and names a document can never be read back or
/// queried by, requests whose meaning is ambiguous, and messages that must not tell a scoped
/// key more than it may read.
@Suite struct HardeningAnswerTests {
    let api: TestAPI
    let id: String

    init() throws {
        api = try TestAPI()
        id = try api.seedCats(2)[0]
    }

    private func fieldsOfValidationError(_ response: HTTPResponse) throws -> [String] {
        let body = try response.json()
        #expect(body["name"] == "ValidationError")
        return body["list"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
    }

    private let form = ["Content-Type": "application/x-www-form-urlencoded"]

    // MARK: numbers beyond a double

    @Test(arguments: [#"{"weightKg":1e400}"#, #"{"weightKg":-1e400}"#])
    func numbersBeyondADoubleAreRefusedWithTheirField(_ body: String) throws {
        let response = api.request(.post, "/rest/a3cats", body: body)
        #expect(response.status == .badRequest)
        #expect(try fieldsOfValidationError(response) == ["weightKg"])
        let schemaless = api.request(.post, "/rest/notes", body: #"{"n":{"deep":[1,2e999]}}"#)
        #expect(schemaless.status == .badRequest)
        #expect(try fieldsOfValidationError(schemaless) == ["n.deep.1"])
        #expect(try api.store.count(in: "a3cats") == 2)
        api.remove()
    }

    @Test func numbersBeyondADoubleAreRefusedInFormsAndUpdates() throws {
        let formPost = api.request(.post, "/rest/a3cats", headers: form, body: "weightKg=1e400")
        #expect(formPost.status == .badRequest)
        #expect(try fieldsOfValidationError(formPost) == ["weightKg"])
        let schemalessForm = api.request(.post, "/rest/notes", headers: form, body: "n=-1e400")
        #expect(schemalessForm.status == .badRequest)
        for (method, body) in [
            (HTTPMethod.put, #"{"weightKg":1e400}"#), (.patch, #"{"other":1e400}"#),
            (.put, #"{"$set":{"weightKg":1e400}}"#), (.patch, #"{"$push":{"tags":1e400}}"#),
            (.put, #"{"$push":{"tags":{"$each":[1,1e400]}}}"#),
        ] {
            let response = api.request(method, "/rest/a3cats/\(id)", body: body)
            #expect(response.status == .badRequest, "\(method) \(body)")
            #expect(try response.json()["name"] == "ValidationError", "\(body)")
        }
        let inc = api.request(.put, "/rest/a3cats/\(id)", body: #"{"$inc":{"rating":1e400}}"#)
        #expect(inc.status == .badRequest)
        let average = api.request(.get, "/rest/a3cats?aggregate=AVG:weightKg")
        #expect(average.status == .ok)
        #expect(!average.bodyString.contains("null"))
        #expect(try api.store.document(id, in: "a3cats").version == 0)
        api.remove()
    }

    // MARK: names a key cannot see

    @Test func anEncodedSlashInACollectionNameIs400() throws {
        let response = api.request(.get, "/rest/a3cats%2Fx")
        #expect(response.status == .badRequest)
        #expect(!response.bodyString.contains("existing"))
        let slashed = "/rest/a3cats/\(id.prefix(12))%2F\(id.dropFirst(13))"
        #expect(api.request(.get, slashed).status == .badRequest)
        #expect(api.request(.put, slashed, body: "{}").status == .badRequest)
        #expect(api.request(.delete, slashed).status == .badRequest)
        api.remove()
    }

    @Test func aScopedKeyIsNotToldTheCollectionsItCannotRead() throws {
        _ = try api.store.insert(["salary": 1], into: "secret-payroll", options: WriteOptions())
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "catsonlykey0000000000001", methods: ["GET"],
            path: "/a3catz/**")
        let scoped = api.request(.get, "/rest/a3catz", headers: ["x-apikey": "catsonlykey0000000000001"])
        #expect(scoped.status == .notFound)
        #expect(!scoped.bodyString.contains("secret-payroll"))
        #expect(!scoped.bodyString.contains("a3cats"))
        #expect(scoped.bodyString.contains("'a3catz' does not exist"))
        #expect(!scoped.bodyString.contains("none yet"))
        let full = api.request(.get, "/rest/a3catz")
        #expect(full.status == .notFound)
        #expect(full.bodyString.contains("secret-payroll"))
        api.remove()
    }

    // MARK: empty PUT and PATCH bodies

    @Test func putOrPatchWithoutABodyBumpsTheVersion() throws {
        let put = api.request(.put, "/rest/a3cats/\(id)")
        #expect(put.status == .ok)
        #expect(try put.json()["_version"] == 1)
        #expect(try put.json()["catName"] == "Felis catus 0")
        let patch = api.request(.patch, "/rest/a3cats/\(id)", body: "  \r\n")
        #expect(patch.status == .ok)
        #expect(try patch.json()["_version"] == 2)
        #expect(api.request(.post, "/rest/a3cats").status == .badRequest)
        api.remove()
    }

    // MARK: forms that are not forms

    @Test func aFormBodyWithoutEqualsSignsIs400SuggestingJSON() throws {
        let response = api.request(.post, "/rest/a3cats", headers: form, body: "hello cats")
        #expect(response.status == .badRequest)
        #expect(response.bodyString.contains("JSON"))
        let badEscape = api.request(.post, "/rest/a3cats", headers: form, body: "catName=%zz")
        #expect(badEscape.status == .badRequest)
        #expect(try api.store.count(in: "a3cats") == 2)
        let good = api.request(.post, "/rest/a3cats", headers: form, body: "catName=Tom%20Cat&rating=3")
        #expect(good.status == .created)
        #expect(try good.json()["catName"] == "Tom Cat")
        api.remove()
    }

    // MARK: operators and field names

    @Test func pushEachNeedsAnArray() throws {
        let response = api.request(.put, "/rest/a3cats/\(id)", body: #"{"$push":{"tags":{"$each":5}}}"#)
        #expect(response.status == .badRequest)
        #expect(response.bodyString.contains("$each"))
        api.remove()
    }

    @Test(arguments: [
        #"{"$set":{"$where":1}}"#, #"{"$set":{"c.":1}}"#, #"{"$set":{".c":1}}"#,
        #"{"$set":{"a..b":1}}"#, #"{"$set":{"o":{"$gt":1}}}"#, #"{"$push":{"tags":{"$x":1}}}"#,
        #"{"plain":{"in":[{"$bad":1}]}}"#,
    ])
    func fieldNamesThatCannotBeQueriedAreRefusedInUpdates(_ body: String) throws {
        let response = api.request(.put, "/rest/a3cats/\(id)", body: body)
        #expect(response.status == .badRequest)
        #expect(try response.json()["name"] == "ValidationError")
        #expect(try api.store.document(id, in: "a3cats").version == 0)
        api.remove()
    }

    @Test(arguments: [#"{"$set":{"catName":"x"}}"#, #"{"a":{"$gt":1}}"#, #"{"":1}"#, #"{"a.":1}"#])
    func fieldNamesThatCannotBeQueriedAreRefusedInCreates(_ body: String) throws {
        let response = api.request(.post, "/rest/notes", body: body)
        #expect(response.status == .badRequest)
        #expect(try response.json()["name"] == "ValidationError")
        api.remove()
    }

    @Test func unsetOfASystemFieldIs400() throws {
        for field in ["_id", "_version", "_created"] {
            let response = api.request(.put, "/rest/a3cats/\(id)", body: #"{"$unset":{"\#(field)":1}}"#)
            #expect(response.status == .badRequest, "\(field)")
            #expect(response.bodyString.contains(field))
        }
        #expect(try api.store.document(id, in: "a3cats").version == 0)
        api.remove()
    }

    @Test func twoMethodOverrideHeadersAre400() throws {
        var headers = HTTPHeaders()
        headers.set("x-apikey", TestAPI.fullKey)
        headers.add("X-HTTP-Method-Override", "DELETE")
        headers.add("X-HTTP-Method-Override", "PATCH")
        let request = HTTPRequest(
            method: .post, target: "/rest/a3cats/\(id)", headers: headers, body: Array("{}".utf8),
            requestID: "test")
        let response = api.responder.respond(to: request)
        #expect(response.status == .badRequest)
        #expect(try api.store.count(in: "a3cats") == 2)
        api.remove()
    }

    @Test func preflightEchoesOnlyValidHeaderTokens() throws {
        let response = api.request(
            .options, "/rest/a3cats",
            headers: [
                "Origin": "http://localhost:3000", "Access-Control-Request-Method": "PUT",
                "Access-Control-Request-Headers": "x-custom-one, bad header, x\"q, , X-Two",
            ])
        let allowed = try #require(response.headers["Access-Control-Allow-Headers"])
        #expect(allowed.contains("x-custom-one"))
        #expect(allowed.contains("x-two"))
        #expect(!allowed.contains("bad header"))
        #expect(!allowed.contains("\""))
        api.remove()
    }

    // MARK: bearer keys

    @Test func bearerKeysAreRefusedUnderStrict() throws {
        let strict = try TestAPI(strict: true)
        let bearer = strict.request(
            .get, "/rest/a3cats", headers: ["x-apikey": "", "Authorization": "Bearer \(TestAPI.fullKey)"])
        #expect(bearer.status == .unauthorized)
        #expect(bearer.bodyString.contains("x-apikey"))
        let header = strict.request(.get, "/rest/_meta")
        #expect(header.status == .ok)
        strict.remove()
        api.remove()
    }
}
