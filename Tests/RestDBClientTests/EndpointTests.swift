import Foundation
import RestDBClientSocketTransport
import RestLiteTesting
import Testing

@testable import RestDBClient

@Suite struct EndpointTests {
    @Test func plusIsSentAsPercent2BAndSpacesAsPercent20() {
        #expect(Endpoint.percentEncoded("a+b c") == "a%2Bb%20c")
    }

    @Test func queryJSONIsFullyPercentEncoded() {
        let endpoint = Endpoint(
            method: "GET", path: "/rest/a3cats", query: [("q", #"{"rating":{"$gte":4}}"#)])
        let url = endpoint.url(relativeTo: URL(string: "http://127.0.0.1:8080")!)
        #expect(
            url?.absoluteString
                == "http://127.0.0.1:8080/rest/a3cats?q=%7B%22rating%22%3A%7B%22%24gte%22%3A4%7D%7D"
        )
    }

    @Test func nonASCIIAndReservedCharactersAreEncoded() {
        #expect(Endpoint.percentEncoded("Zoë&x=1/#?") == "Zo%C3%AB%26x%3D1%2F%23%3F")
        #expect(Endpoint.percentEncoded("safe-._~AZaz09") == "safe-._~AZaz09")
    }

    @Test(arguments: [
        "http://127.0.0.1:8080",
        "http://127.0.0.1:8080/",
        "http://127.0.0.1:8080//",
    ])
    func baseURLTrailingSlashesDoNotDoubleUp(base: String) {
        let url = Endpoint(method: "GET", path: "/rest/a3cats").url(relativeTo: URL(string: base)!)
        #expect(url?.absoluteString == "http://127.0.0.1:8080/rest/a3cats")
    }

    @Test func aBaseURLPathIsKeptAsPrefix() {
        let url = Endpoint(method: "GET", path: "/rest/_meta").url(
            relativeTo: URL(string: "https://example.com/db/")!)
        #expect(url?.absoluteString == "https://example.com/db/rest/_meta")
    }

    @Test func listParametersGoInOrderWithHintsAndFilter() throws {
        let cats = RestDBClient(baseURL: URL(string: "http://h")!, apiKey: "k").collection(
            "a3cats", of: Cat.self)
        let endpoint = try cats.listEndpoint(
            .where("ownerName", "Ann+Lee"),
            hints: Hints(sort: [.ascending("rating")], max: 5),
            filter: "a b",
            totals: true
        )
        let url = endpoint.url(relativeTo: URL(string: "http://h")!)
        #expect(
            url?.absoluteString
                == "http://h/rest/a3cats?q=%7B%22ownerName%22%3A%22Ann%2BLee%22%7D"
                + "&h=%7B%22%24orderby%22%3A%7B%22rating%22%3A1%7D%2C%22%24max%22%3A5%7D&filter=a%20b&totals=true"
        )
    }

    @Test func collectionNamesAndIdsArePercentEncodedPathSegments() throws {
        let cats = RestDBClient(baseURL: URL(string: "http://h")!, apiKey: "k").collection(
            "a-3 cats", of: Cat.self)
        #expect(try cats.path(for: "a/b") == "/rest/a-3%20cats/a%2Fb")
    }
}
