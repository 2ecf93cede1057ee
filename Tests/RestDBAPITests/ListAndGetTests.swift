import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@Suite struct ListAndGetTests {
    let api: TestAPI
    let ids: [String]

    init() throws {
        api = try TestAPI()
        ids = try api.seedCats(6)
    }

    @Test func listIsABareCompactArrayInCreationOrder() throws {
        let response = api.request(.get, "/rest/a3cats", headers: ["Content-Type": "application/json"])
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let text = response.bodyString
        #expect(text.first == "[" && text.last == "]")
        #expect(!text.contains("\n") && !text.contains(": "))
        let items = try #require(try response.json().arrayValue)
        #expect(items.compactMap { $0["_id"]?.stringValue } == ids)
        #expect(items[0]["_created"] == nil)
        #expect(items[0]["birthDate"] == "2010-06-01T12:00:00.000Z")
        #expect(items[0].objectValue?.keys.first == "_id")
    }

    @Test func listSendsTotalsInXPagination() throws {
        let response = api.request(.get, "/rest/a3cats?max=2&skip=1")
        #expect(response.headers["X-Pagination"] == #"{"total":6,"count":2,"skip":1,"max":2}"#)
        #expect(try response.json().arrayValue?.count == 2)
    }

    @Test func totalsTrueWrapsDataAndTotals() throws {
        let response = api.request(.get, "/rest/a3cats?totals=true&max=4")
        let body = try response.json()
        #expect(body["data"]?.arrayValue?.count == 4)
        #expect(body["totals"] == ["total": 6, "count": 4, "skip": 0, "max": 4])
    }

    @Test func queryWithPlusMeansSpaceAndPercentTwoBMeansPlus() throws {
        let plus = api.request(.get, #"/rest/a3cats?q={"rating":+3}"#)
        #expect(try plus.json().arrayValue?.count == 1)
        let encoded = api.request(.get, "/rest/a3cats?q=%7B%22rating%22%3A%7B%22%24gte%22%3A4%7D%7D")
        #expect(try encoded.json().arrayValue?.count == 2)
    }

    @Test func hintsSortProjectAndPage() throws {
        let response = api.request(
            .get, #"/rest/a3cats?h={"$orderby":{"rating":-1},"$fields":{"rating":1},"$max":2}"#)
        let items = try #require(try response.json().arrayValue)
        #expect(items.count == 2)
        #expect(items.map { $0["rating"] } == [5, 4])
        #expect(items[0].objectValue?.keys.sorted() == ["_id", "rating"])
    }

    @Test func sortAndDirRepeatForSeveralKeys() throws {
        let response = api.request(.get, "/rest/a3cats?sort=breedId&dir=-1&sort=rating&dir=1")
        let items = try #require(try response.json().arrayValue)
        #expect(
            items.compactMap { $0["breedId"]?.stringValue } == [
                "sibe", "sibe", "beng", "beng", "abys", "abys",
            ])
        #expect(
            items.prefix(2).map { $0["rating"] }
                == [3, 1].map { JSONValue.number(JSONNumber($0)) }.reversed())
    }

    @Test func filterMatchesAnyStringCaseInsensitively() throws {
        let response = api.request(.get, "/rest/a3cats?filter=FELIS%20CATUS%203")
        #expect(try response.json().arrayValue?.count == 1)
    }

    @Test func filterFoldsCaseBeyondASCIIAndSkipsTheId() throws {
        _ = api.request(.post, "/rest/a3cats", body: #"{"catName":"ÉCLAIR","ownerName":"Zoë"}"#)
        #expect(try api.request(.get, "/rest/a3cats?filter=%C3%A9clair").json().arrayValue?.count == 1)
        #expect(try api.request(.get, "/rest/a3cats?filter=ZO%C3%8B").json().arrayValue?.count == 1)
        let idPart = String(ids[0].prefix(12))
        #expect(try api.request(.get, "/rest/a3cats?filter=\(idPart)").json().arrayValue?.count == 0)
    }

    @Test func metafieldsAddSystemFieldsWithRestdbDates() throws {
        let response = api.request(.get, "/rest/a3cats/\(ids[0])?metafields=true")
        let body = try response.json()
        #expect(body["_version"] == 0)
        #expect(body["_createdby"] == "api")
        let created = try #require(body["_created"]?.stringValue)
        #expect(created.count == 24 && created.hasSuffix("Z") && created.dropFirst(19).hasPrefix("."))
    }

    @Test func getOneIsABareObject() throws {
        let response = api.request(.get, "/rest/a3cats/\(ids[2])/")
        #expect(response.status == .ok)
        #expect(try response.json()["_id"]?.stringValue == ids[2])
        #expect(response.bodyString.hasPrefix(#"{"_id":""#))
    }

    @Test
    func groupbyAndAggregate() throws {
        let response = api.request(
            .get, "/rest/a3cats?groupby=breedId&aggregate=SUM:rating&aggregate=COUNT:n")
        #expect(response.status == .ok)
        let groups = try #require(try response.json().arrayValue)
        #expect(groups.count == 3)
        #expect(groups.allSatisfy { $0["breedId"] != nil && $0["SUM:rating"] != nil })
    }

    @Test
    func groupsArePagedByMaxAndSkipWithTotalsCountingGroups() throws {
        // Ratings of the six cats: 1, 2, 3, 4, 5, 1.
        let response = api.request(
            .get, "/rest/a3cats?groupby=rating&aggregate=COUNT:n&totals=true&max=2&skip=0")
        let body = try response.json()
        #expect(body["data"] == [["rating": 1, "n": 2], ["rating": 2, "n": 1]])
        #expect(body["totals"] == ["total": 5, "count": 2, "skip": 0, "max": 2])
        let hinted = api.request(
            .get, #"/rest/a3cats?h={"$groupby":["rating"],"$aggregate":["MIN:weightKg"],"$skip":4}"#)
        #expect(try hinted.json().arrayValue?.count == 1)
        #expect(hinted.headers["X-Pagination"] == #"{"total":5,"count":1,"skip":4,"max":1000}"#)
    }

    @Test func metaListsCollectionsAndSchema() throws {
        let meta = try api.request(.get, "/rest/_meta").json()
        #expect(meta["collections"] == [["name": "a3cats", "count": 6]])
        let schema = try api.request(.get, "/rest/a3cats/_meta").json()
        #expect(schema["name"] == "a3cats")
        let fields = try #require(schema["fields"]?.arrayValue)
        #expect(fields.contains(["name": "birthDate", "type": "date", "required": false, "unique": false]))
    }

    @Test(arguments: [
        ("/rest/a3cats/nothex", 400, "BadRequest"),
        ("/rest/a3cats/0123456789abcdef01234567", 404, "NotFound"),
        ("/rest/dogs", 404, "NotFound"), (#"/rest/a3cats?q={"rating":"#, 400, "BadRequest"),
        (#"/rest/a3cats?q={"rating":{"$foo":1}}"#, 400, "BadRequest"),
        (#"/rest/a3cats?q={"catName":{"$regex":"("}}"#, 400, "BadRequest"),
        (#"/rest/a3cats?h={"$orderby":5}"#, 400, "BadRequest"), ("/rest/a3cats?max=-1", 400, "BadRequest"),
        ("/rest/a3cats?sort=rating&dir=up", 400, "BadRequest"), ("/nowhere", 404, "NotFound"),
        // Dates beyond years 0000-9999 once overflowed while the query compiled.
        (#"/rest/a3cats?q={"n":{"$gt":{"$date":-9223372036854775808}}}"#, 400, "BadRequest"),
        (#"/rest/a3cats?q={"n":{"$gt":{"$date":-9223372036854775000}}}"#, 400, "BadRequest"),
        (#"/rest/a3cats?q={"_created":{"$lt":{"$date":"99999-01-01T00:00:00Z"}}}"#, 400, "BadRequest"),
    ])
    func badReadsAnswerJSONErrors(target: String, status: Int, name: String) throws {
        let response = api.request(.get, target)
        #expect(response.status.code == status)
        let body = try response.json()
        #expect(body["name"]?.stringValue == name)
        #expect(body["status"] == .number(JSONNumber(status)))
        #expect((body["message"]?.stringValue?.count ?? 0) > 10)
    }

    @Test func methodNotAllowedSaysWhichMethodsAreAllowed() throws {
        let response = api.request(.delete, "/rest/a3cats")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD, POST")
        #expect(try response.json()["name"] == "MethodNotAllowed")
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
    }

    /// PostgreSQL's regex engine does not backtrack, so this pattern answers at once there.
    @Test(.enabled(if: TestAPI.engine == .sqlite, "SQLite's ICU regexes backtrack; PostgreSQL's do not"))
    func aRunawayRegexIsABadRequestThatSaysItTookTooLong() throws {
        let long = String(repeating: "a", count: 30) + "!"
        _ = try api.store.insert(["catName": .string(long)], into: "a3cats")
        let response = api.request(.get, #"/rest/a3cats?q={"catName":{"$regex":"^(a%2B)%2B$"}}"#)
        #expect(response.status.code == 400)
        let message = try response.json()["message"]?.stringValue ?? ""
        #expect(message.contains("`^(a+)+$`") && message.contains("took too long"), "\(message)")
    }

    @Test func aLongInListIsAnswered() throws {
        let ratings = (0..<1200).map { String($0 * 2 + 1) }.joined(separator: ",")
        let response = api.request(.get, #"/rest/a3cats?q={"rating":{"$in":[\#(ratings)]}}"#)
        #expect(response.status == .ok)
        // Ratings 1..5 cycle over the six cats: 1, 3 and 5 are odd.
        #expect(try response.json().arrayValue?.count == 4)
    }

    @Test func unknownCollectionMessageNamesTheExistingOnes() throws {
        let body = try api.request(.get, "/rest/dogs").json()
        #expect(body["message"]?.stringValue?.contains("a3cats") == true)
    }
}
