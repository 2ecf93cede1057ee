import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

@Suite struct KeyAndCORSTests {
    let api: TestAPI
    let id: String

    init() throws {
        api = try TestAPI()
        id = try api.seedCats(2)[0]
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "scopedkey0000000000000001", methods: ["GET", "POST"],
            path: "/a3cats/**", origins: ["http://localhost:3000"])
        try KeyFile.addKey(inDataFolder: api.folder.url, key: "readonlykey0000000000001", methods: ["GET"])
    }

    @Test func missingKeyIs401AndWrongKeyIs403WithJSONBodies() throws {
        let missing = api.request(.get, "/rest/a3cats", headers: ["x-apikey": ""])
        #expect(missing.status == .unauthorized)
        #expect(try missing.json()["name"] == "Unauthorized")
        let wrong = api.request(.get, "/rest/a3cats", headers: ["x-apikey": "wrong"])
        #expect(wrong.status == .forbidden)
        #expect(try wrong.json()["name"] == "Forbidden")
    }

    @Test func aKeyGivenTwiceIs400WhicheverComesFirst() throws {
        for pair in [
            [TestAPI.fullKey, "wrongwrongwrongwrongwron"], ["wrongwrongwrongwrongwron", TestAPI.fullKey],
        ] {
            for target in ["/rest/a3cats", "/_restlite/keys"] {
                var fields = HTTPHeaders()
                for key in pair { fields.add("x-apikey", key) }
                let answer = api.responder.respond(
                    to: HTTPRequest(method: .get, target: target, headers: fields))
                #expect(answer.status == .badRequest, "\(target)")
                #expect(try answer.json()["message"]?.stringValue?.contains("x-apikey header once") == true)
            }
        }
        let key = TestAPI.fullKey
        let query = api.request(.get, "/rest/a3cats?apikey=\(key)&apikey=\(key)", headers: ["x-apikey": ""])
        #expect(query.status == .badRequest)
        #expect(api.request(.get, "/rest/a3cats").status == .ok)
    }

    @Test func theKeyMayComeInAnyOfItsThreePlaces() {
        let key = TestAPI.fullKey
        #expect(api.request(.get, "/rest/a3cats", headers: ["X-APIKEY": key]).status == .ok)
        #expect(api.request(.get, "/rest/a3cats?apikey=\(key)", headers: ["x-apikey": ""]).status == .ok)
        let bearer = api.request(
            .get, "/rest/a3cats", headers: ["x-apikey": "", "Authorization": "Bearer \(key)"])
        #expect(bearer.status == .ok)
    }

    @Test(arguments: [
        ("GET", "/rest/a3cats", "http://localhost:3000", 200),
        ("GET", "/rest/a3cats/ID", "http://localhost:3000", 200),
        ("POST", "/rest/a3cats", "http://localhost:3000", 201),
        ("PUT", "/rest/a3cats/ID", "http://localhost:3000", 403),
        ("PATCH", "/rest/a3cats/ID", "http://localhost:3000", 403),
        ("DELETE", "/rest/a3cats/ID", "http://localhost:3000", 403),
        ("GET", "/rest/dogs", "http://localhost:3000", 403),
        ("GET", "/rest/_meta", "http://localhost:3000", 403),
        ("GET", "/rest/a3cats", "http://evil.example", 403),
        ("GET", "/rest/a3cats", "", 403),
    ])
    func scopedKeyCoversOnlyItsMethodsPathAndOrigins(
        method: String, path: String, origin: String, status: Int
    ) {
        var headers = ["x-apikey": "scopedkey0000000000000001"]
        if !origin.isEmpty { headers["Origin"] = origin }
        let body = method == "GET" || method == "DELETE" ? "" : #"{"rating":2}"#
        let response = api.request(
            HTTPMethod(rawValue: method), path.replacingOccurrences(of: "ID", with: id), headers: headers,
            body: body)
        #expect(response.status.code == status)
    }

    /// Every method × path × origin of a scoped key (GET and POST, `/a3cats/**`,
    /// `http://localhost:3000`): allowed exactly when all three are in its scope, else 403.
    @Test(arguments: ["GET", "POST", "PUT", "PATCH", "DELETE"])
    func everyMethodPathAndOriginCombinationOfAScopedKey(method: String) throws {
        let dogID = try api.seedCats(1, collection: "dogs")[0]
        for (collection, documentID) in [("a3cats", id), ("dogs", dogID)] {
            for origin in ["http://localhost:3000", "http://evil.example", ""] {
                var headers = ["x-apikey": "scopedkey0000000000000001"]
                if !origin.isEmpty { headers["Origin"] = origin }
                let target = method == "POST" ? "/rest/\(collection)" : "/rest/\(collection)/\(documentID)"
                let body = method == "GET" || method == "DELETE" ? "" : #"{"rating":2}"#
                let status = api.request(HTTPMethod(rawValue: method), target, headers: headers, body: body)
                    .status
                let inScope =
                    ["GET", "POST"].contains(method) && collection == "a3cats"
                    && origin == "http://localhost:3000"
                let described = "\(method) \(target) from '\(origin)'"
                if inScope { #expect(status == .ok || status == .created, "\(described)") }
                if !inScope { #expect(status == .forbidden, "\(described)") }
            }
        }
        // Only the one allowed POST stored anything.
        #expect(try api.store.count(in: "a3cats") == (method == "POST" ? 3 : 2))
        #expect(try api.store.count(in: "dogs") == 1)
    }

    @Test func aKeyWithOnlyMethodsCoversEveryPathAndOrigin() throws {
        _ = try api.seedCats(1, collection: "dogs")
        let headers = ["x-apikey": "readonlykey0000000000001", "Origin": "http://anywhere.example"]
        #expect(api.request(.get, "/rest/dogs", headers: headers).status == .ok)
        #expect(api.request(.get, "/rest/a3cats/\(id)", headers: headers).status == .ok)
        #expect(api.request(.post, "/rest/dogs", headers: headers, body: "{}").status == .forbidden)
        #expect(api.request(.delete, "/rest/a3cats/\(id)", headers: headers).status == .forbidden)
    }

    @Test func scopedKeysCannotDeleteOrUpdateByQuery() throws {
        let headers = ["x-apikey": "readonlykey0000000000001"]
        #expect(api.request(.get, "/rest/_meta", headers: headers).status == .ok)
        #expect(api.request(.delete, #"/rest/a3cats/*?q={}"#, headers: headers).status == .forbidden)
        // Even a scoped key whose methods and path cover them: bulk writes need full access.
        try KeyFile.addKey(
            inDataFolder: api.folder.url, key: "writerkey000000000000001", methods: ["GET", "PUT", "DELETE"],
            path: "/a3cats/**")
        let writer = ["x-apikey": "writerkey000000000000001"]
        #expect(
            api.request(.put, "/rest/a3cats/\(id)", headers: writer, body: #"{"rating":1}"#).status == .ok)
        #expect(
            api.request(.put, #"/rest/a3cats/*?q={}"#, headers: writer, body: #"{"rating":1}"#).status
                == .forbidden)
        #expect(api.request(.delete, #"/rest/a3cats/*?q={}"#, headers: writer).status == .forbidden)
        #expect(try api.request(.get, "/rest/a3cats?totals=true").json()["totals"]?["total"] == 2)
    }

    @Test(arguments: [
        "//rest/a3cats", "/rest//a3cats", "//rest/_meta", "/rest/a3cats//", "/%72est/a3cats",
        "http://localhost//rest/a3cats",
    ])
    func everyPathThatReachesARouteNeedsAKey(path: String) throws {
        let response = api.request(.get, path, headers: ["x-apikey": ""])
        #expect(response.status == .unauthorized)
        let write = api.request(.post, path, headers: ["x-apikey": ""], body: #"{"catName":"Felis"}"#)
        #expect([.unauthorized, .methodNotAllowed].contains(write.status))
        #expect(try api.request(.get, "/rest/a3cats?totals=true").json()["totals"]?["total"] == 2)
    }

    @Test func scopedKeysSeeThePathTheRouterServes() {
        let headers = ["x-apikey": "scopedkey0000000000000001", "Origin": "http://localhost:3000"]
        #expect(api.request(.get, "/rest//a3cats/", headers: headers).status == .ok)
        #expect(api.request(.get, "//rest/a3cats/\(id)", headers: headers).status == .ok)
        #expect(api.request(.get, "/rest//dogs", headers: headers).status == .forbidden)
        #expect(api.request(.post, "//rest//_meta", headers: headers, body: "{}").status == .forbidden)
    }

    @Test func keysAddedWhileRunningAreHonoured() throws {
        let headers = ["x-apikey": "laterkey0000000000000001"]
        #expect(api.request(.get, "/rest/a3cats", headers: headers).status == .forbidden)
        try KeyFile.addKey(inDataFolder: api.folder.url, key: "laterkey0000000000000001")
        #expect(api.request(.get, "/rest/a3cats", headers: headers).status == .ok)
        try KeyFile.removeKey("laterkey0000000000000001", inDataFolder: api.folder.url)
        #expect(api.request(.get, "/rest/a3cats", headers: headers).status == .forbidden)
    }

    @Test func preflightNeedsNoKeyAndAllowsTheRestdbHeaders() {
        let response = api.request(
            .options, "/rest/a3cats",
            headers: [
                "x-apikey": "", "Origin": "http://localhost:3000", "Access-Control-Request-Method": "PUT",
                "Access-Control-Request-Headers": "x-apikey, content-type, x-custom",
            ])
        #expect(response.status == .noContent)
        #expect(response.headers["Access-Control-Allow-Origin"] == "http://localhost:3000")
        #expect(response.headers["Access-Control-Allow-Methods"] == "GET, POST, PUT, PATCH, DELETE, OPTIONS")
        let allowed = response.headers["Access-Control-Allow-Headers"] ?? ""
        for header in [
            "x-apikey", "content-type", "cache-control", "authorization", "x-http-method-override",
            "x-custom",
        ] {
            #expect(allowed.contains(header))
        }
    }

    @Test func everyAnswerCarriesCORSHeadersErrorsIncluded() {
        let ok = api.request(.get, "/rest/a3cats")
        #expect(ok.headers["Access-Control-Allow-Origin"] == "*")
        #expect(ok.headers["Access-Control-Expose-Headers"]?.contains("X-Pagination") == true)
        let error = api.request(
            .get, "/rest/a3cats", headers: ["x-apikey": "", "Origin": "http://a.example"])
        #expect(error.status == .unauthorized)
        #expect(error.headers["Access-Control-Allow-Origin"] == "http://a.example")
    }
}
