import Foundation
import SocketHTTP
import Testing

@testable import StandIns

extension USDAFixture {
    /// The stand-in answering from prewritten foods (as served) or writing every food per answer.
    init(prewritten: Bool) {
        var router = Router()
        USDAStandIn(requireKey: false, prewritten: prewritten).register(on: &router)
        self.router = router.freeze()
    }
}

/// Answers put together from each food's JSON written once are the bytes of writing every
/// food whole per answer, on every route that answers foods.
@Suite struct USDAPrewrittenTests {
    let served = USDAFixture(prewritten: true)
    let reference = USDAFixture(prewritten: false)

    func expectSameBytes(get target: String) {
        let (new, old) = (served.get(target), reference.get(target))
        #expect(new.status == old.status, "\(target)")
        #expect(new.body == old.body, "\(target)")
        #expect(new.body.count > 100, "\(target)")
    }

    func expectSameBytes(post target: String, _ body: String) {
        let (new, old) = (served.post(target, body), reference.post(target, body))
        #expect(new.status == old.status, "\(target) \(body)")
        #expect(new.body == old.body, "\(target) \(body)")
        #expect(new.body.count > 100, "\(target) \(body)")
    }

    @Test(arguments: [
        "butter%20peanut%20natural", "cheddar%20cheese", "apple", "appl*", "%22peanut%20butter%22",
        "milk%20-chocolate", "+yogurt%20vanilla", "",
    ])
    func currentSearchIsByteIdentical(query: String) {
        expectSameBytes(get: "/usda/fdc/v1/foods/search?query=\(query)&pageSize=25")
        expectSameBytes(get: "/usda/fdc/v1/foods/search?query=\(query)")
        expectSameBytes(get: "/usda/fdc/v1/foods/search?query=\(query)&pageSize=200&pageNumber=2")
        expectSameBytes(
            get:
                "/usda/fdc/v1/foods/search?query=\(query)&dataType=Branded&sortBy=lowercaseDescription.keyword"
        )
        expectSameBytes(
            get: "/usda/fdc/v1/foods/search?query=\(query)&dataType=SR%20Legacy&sortBy=fdcId&sortOrder=desc")
        let text = query.removingPercentEncoding ?? query
        let quoted = text.replacingOccurrences(of: "\"", with: "\\\"")
        expectSameBytes(post: "/usda/fdc/v1/foods/search", #"{"query":"\#(quoted)","pageSize":10}"#)
        expectSameBytes(post: "/usda/fdc/v1/search", #"{"generalSearchInput":"\#(quoted)"}"#)
        expectSameBytes(
            post: "/usda/fdc/v1/search",
            #"{"generalSearchInput":"\#(quoted)","requireAllWords":true,"includeDataTypes":{"Branded":true}}"#
        )
        expectSameBytes(get: "/usda/ndb/search/?format=json&q=\(query)&max=25&api_key=K")
        expectSameBytes(get: "/usda/ndb/search/?format=json&q=\(query)&max=1500&offset=3&sort=n")
    }

    @Test func foodsByIdAndTheListAreByteIdentical() {
        let catalogue = USDAFoodCatalogue.shared
        let ids = [catalogue.foods[0], catalogue.foods[1], catalogue.foods.last!, catalogue.foods[700]].map(
            \.fdcId)
        for id in ids {
            expectSameBytes(get: "/usda/fdc/v1/\(id)")
            expectSameBytes(get: "/usda/fdc/v1/food/\(id)?format=abridged")
            expectSameBytes(get: "/usda/fdc/v1/food/\(id)?nutrients=203,204")
        }
        let list = ids.map(String.init).joined(separator: ",")
        expectSameBytes(get: "/usda/fdc/v1/foods?fdcIds=\(list)")
        expectSameBytes(get: "/usda/fdc/v1/foods?fdcIds=\(list)&format=abridged")
        expectSameBytes(post: "/usda/fdc/v1/foods", #"{"fdcIds":[\#(list)],"format":"full"}"#)
        expectSameBytes(get: "/usda/fdc/v1/foods/list?pageSize=50")
        expectSameBytes(
            get: "/usda/fdc/v1/foods/list?pageSize=200&pageNumber=3&sortBy=lowercaseDescription.keyword")
        expectSameBytes(post: "/usda/fdc/v1/foods/list", #"{"dataType":["Branded"],"pageSize":20}"#)
    }

    @Test func eachFoodIsWrittenOnceWhateverTheScoreOrOffset() {
        let json = USDAFoodJSON(catalogue: .shared)
        #expect(json.writtenCount == 0)
        let first = (0..<50).map {
            json.searchHit($0, score: 800) + json.earlyHit($0, score: 1) + json.ndbItem($0, offset: $0)
        }
        #expect(json.writtenCount == 50)
        let again = (0..<50).map {
            json.searchHit($0, score: 800) + json.earlyHit($0, score: 1) + json.ndbItem($0, offset: $0)
        }
        #expect(json.writtenCount == 50)
        #expect(first == again)
        _ = json.full(3) + json.full(3) + json.abridged(3) + json.abridged(3)
        #expect(json.writtenCount == 52)
    }
}

/// A keyless search costs at most `maxQueryTerms` walks over the word index: longer queries and
/// queries with more terms are refused before searching.
@Suite struct USDAQueryCapTests {
    let usda = USDAFixture()

    @Test func aQueryWithTooManyTermsOrBytesIsRefusedOnEverySearch() throws {
        let allowed = Array(repeating: "a*", count: USDAStandIn.maxQueryTerms).joined(separator: " ")
        let tooMany = allowed + " b*"
        let tooLong = String(repeating: "apple", count: USDAStandIn.maxQueryBytes / 5 + 1)
        #expect(tooLong.utf8.count > USDAStandIn.maxQueryBytes)
        for query in [tooMany, tooLong] {
            let escaped = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let current = try usda.object(
                usda.get("/usda/fdc/v1/foods/search?query=\(escaped)"), status: .badRequest)
            let message = (current["error"] as? [String: Any])?["message"] as? String
            #expect(message?.contains("\(USDAStandIn.maxQueryTerms) terms") == true)
            _ = try usda.object(
                usda.post("/usda/fdc/v1/foods/search", #"{"query":"\#(query)"}"#), status: .badRequest)
            _ = try usda.object(
                usda.post("/usda/fdc/v1/search", #"{"generalSearchInput":"\#(query)"}"#), status: .badRequest)
            let ndb = try usda.object(usda.get("/usda/ndb/search/?q=\(escaped)"), status: .badRequest)
            let errors = (ndb["errors"] as? [String: Any])?["error"] as? [[String: Any]]
            #expect(errors?.first?["parameter"] as? String == "q")
        }
        let found = try usda.object(
            usda.get("/usda/fdc/v1/foods/search?query=\(allowed.replacingOccurrences(of: " ", with: "%20"))"))
        #expect((found["totalHits"] as? Int ?? 0) > 0)
        _ = try usda.ndb("q=\(allowed.replacingOccurrences(of: " ", with: "%20"))")
    }
}
