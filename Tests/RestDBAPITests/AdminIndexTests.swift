import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI

/// The banner's `admin:` link (`/_restlite/`) answers an index of the routes under it, and
/// `POST /_restlite/indexes` makes a field index (what `restlite index add` uses beside a server).
@Suite struct AdminIndexTests {
    @Test func theAdminLinkListsEveryRouteWithADescriptionWithoutAKey() throws {
        let api = try TestAPI()
        defer { api.remove() }
        for target in ["/_restlite/", "/_restlite"] {
            let response = api.request(.get, target, headers: ["x-apikey": ""])
            #expect(response.status == .ok, "\(target)")
            #expect(response.headers["Content-Type"]?.hasPrefix("application/json") == true)
            let routes = try #require(try response.json().objectValue?["routes"]?.arrayValue)
            let listed = Set(
                routes.compactMap { route -> String? in
                    guard let object = route.objectValue, let method = object["method"]?.stringValue,
                        let path = object["path"]?.stringValue
                    else { return nil }
                    #expect(
                        object["description"]?.stringValue?.isEmpty == false, "\(path) has no description")
                    return "\(method) \(path)"
                })
            let served = Set(
                api.responder.routes.filter { $0.pattern.hasPrefix("/_restlite") }.map {
                    "\($0.method.rawValue) \(OpenAPIDocumentTests.template($0.pattern))"
                })
            #expect(listed == served)
            #expect(listed.contains("POST /_restlite/reset"))
            #expect(listed.contains("GET /_restlite/journal"))
            #expect(listed.contains("POST /_restlite/indexes"))
        }
        // Everything else under /_restlite still needs the key.
        #expect(api.request(.get, "/_restlite/journal", headers: ["x-apikey": ""]).status == .unauthorized)
    }

    @Test func aBrowserGetsAPage() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let response = api.request(
            .get, "/_restlite/",
            headers: ["x-apikey": "", "Accept": "text/html,application/xhtml+xml,*/*;q=0.8"])
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let page = String(decoding: response.body, as: UTF8.self)
        #expect(page.contains("<td><code>/_restlite/reset</code></td>"), "\(page)")
        #expect(page.contains("Put the data back"))
    }

    @Test func postIndexesMakesAFieldIndex() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(3)
        let made = api.request(
            .post, "/_restlite/indexes", body: #"{"collection":"a3cats","field":"rating"}"#)
        #expect(made.status == .ok, "\(String(decoding: made.body, as: UTF8.self))")
        #expect(String(decoding: made.body, as: UTF8.self) == #"{"collection":"a3cats","field":"rating"}"#)
        let missing = api.request(
            .post, "/_restlite/indexes", body: #"{"collection":"dogs","field":"rating"}"#)
        #expect(missing.status == .notFound)
        #expect(api.request(.post, "/_restlite/indexes", body: "{}").status == .badRequest)
        #expect(
            api.request(
                .post, "/_restlite/indexes", headers: ["x-apikey": ""],
                body: #"{"collection":"a3cats","field":"rating"}"#
            ).status == .unauthorized)
    }
}
