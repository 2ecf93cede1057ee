import DocumentJSON
import DocumentStore
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// restdb's query shapes over HTTP: paths through arrays, positions, dynamic dates and `$inc`
/// with a string.
@Suite struct QueryLanguageAPITests {
    let api: TestAPI

    init() throws {
        api = try TestAPI()
        for body in [
            #"{"name":"a","items":[{"sku":"x","qty":2},{"sku":"y","qty":5}],"tags":["cute"],"due":"2001-01-01"}"#,
            #"{"name":"b","items":[{"sku":"y","qty":1}],"tags":[],"due":"9999-01-01"}"#,
        ] {
            let response = api.request(
                .post, "/rest/shop", headers: ["Content-Type": "application/json"], body: body)
            #expect(response.status == .created || response.status == .ok)
        }
    }

    private func names(_ query: String) throws -> [String] {
        let encoded = query.addingPercentEncodingForQuery
        let response = api.request(.get, "/rest/shop?q=\(encoded)&sort=name")
        #expect(response.status == .ok, "\(query)")
        return try #require(try response.json().arrayValue).compactMap { $0["name"]?.stringValue }
    }

    @Test func pathsGoThroughArraysAndReadPositions() throws {
        #expect(try names(#"{"items.sku":"x"}"#) == ["a"])
        #expect(try names(#"{"items.qty":{"$gte":5}}"#) == ["a"])
        #expect(try names(#"{"items.0.sku":"y"}"#) == ["b"])
        #expect(try names(#"{"tags.0":{"$exists":true}}"#) == ["a"])
        #expect(try names(#"{"tags.0":{"$exists":false}}"#) == ["b"])
    }

    @Test func dynamicDatesCompareWithTheClock() throws {
        #expect(try names(#"{"due":{"$lt":{"$date":"$currentDate"}}}"#) == ["a"])
        #expect(try names(#"{"due":{"$gt":{"$date":"$moment.subtract.30.days"}}}"#) == ["b"])
        #expect(try names(#"{"_created":{"$gte":{"$date":"$today"}}}"#) == ["a", "b"])
        let bad = api.request(
            .get,
            "/rest/shop?q=" + #"{"due":{"$gt":{"$date":"$now.minus.1.days"}}}"#.addingPercentEncodingForQuery)
        #expect(bad.status == .badRequest)
    }

    /// They follow media and relation fields, which restlite has not: the same documents.
    @Test func idtolinkAndReferencedbyChangeNothing() throws {
        let plain = api.request(.get, "/rest/shop?sort=name")
        for parameters in ["idtolink=true", "referencedby=true", "fetchchildren=true&idtolink=1"] {
            let response = api.request(.get, "/rest/shop?sort=name&\(parameters)")
            #expect(response.status == .ok)
            #expect(try response.json() == (try plain.json()), "\(parameters)")
        }
    }

    @Test func incTakesAWholeNumberWrittenAsAString() throws {
        let list = try #require(try api.request(.get, "/rest/shop?sort=name").json().arrayValue)
        let id = try #require(list.first?["_id"]?.stringValue)
        let response = api.request(
            .put, "/rest/shop/\(id)", headers: ["Content-Type": "application/json"],
            body: #"{"$inc":{"stock":"3"}}"#)
        #expect(response.status == .ok)
        #expect(try response.json()["stock"] == 3)
        let refused = api.request(
            .put, "/rest/shop/\(id)", headers: ["Content-Type": "application/json"],
            body: #"{"$inc":{"stock":"1.5"}}"#)
        #expect(refused.status == .badRequest)
    }
}

extension String {
    fileprivate var addingPercentEncodingForQuery: String {
        var result = ""
        for byte in utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isAlphabetic && byte < 0x80 || ("0"..."9").contains(scalar)
                || "-_.~".unicodeScalars.contains(scalar)
            {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return result
    }

    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
