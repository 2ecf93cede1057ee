import Testing

@testable import SocketHTTP

private struct Teapot: HTTPResponseConvertible {
    func httpResponse() -> HTTPResponse { .text(HTTPStatus(code: 418), "teapot") }
}

private struct Plain: Error {}

/// Records its name around the rest of the chain.
private struct Tag: HTTPMiddleware {
    let name: String
    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        var response = try next(request)
        response.headers.add("X-Chain", name)
        return response
    }
}

/// Tags like `Tag`, for the requests its scope covers only (also used by WorkerReplicaTests).
struct ScopedTag: HTTPMiddleware {
    let name: String
    let scope: MiddlewareScope
    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        var response = try next(request)
        response.headers.add("X-Chain", name)
        return response
    }

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        .text(.forbidden, name)
    }
}

/// Renders any thrown error as 422, like the API's error middleware.
private struct Catcher: HTTPMiddleware {
    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        do { return try next(request) } catch { return .text(.unprocessableEntity, "caught") }
    }
}

/// Refuses, from the head, requests without `X-Token`.
private struct TokenGate: HTTPMiddleware {
    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        try next(request)
    }

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        head.headers["X-Token"] == nil ? .text(.unauthorized, "token") : try next(head)
    }
}

private func respond(_ router: FrozenRouter, _ method: HTTPMethod, _ target: String) -> HTTPResponse {
    router.respond(to: HTTPRequest(method: method, target: target))
}

@Suite struct RouterTests {
    private func restRouter() -> FrozenRouter {
        var router = Router()
        router.get("/rest/:collection") { .text(.ok, "list \($0.pathParameters["collection"] ?? "")") }
        router.get("/rest/_meta") { _ in .text(.ok, "meta") }
        router.get("/rest/:collection/:id") {
            .text(.ok, "doc \($0.pathParameters["collection"] ?? "") \($0.pathParameters["id"] ?? "")")
        }
        router.delete("/rest/:collection/*") { .text(.ok, "bulk \($0.pathParameters["collection"] ?? "")") }
        router.put("/rest/:collection/:id") { _ in .text(.ok, "put") }
        return router.freeze()
    }

    @Test func bindsPathParametersAndPrefersLiterals() {
        let router = restRouter()
        #expect(respond(router, .get, "/rest/cats").bodyString == "list cats")
        #expect(respond(router, .get, "/rest/_meta").bodyString == "meta")
        #expect(respond(router, .get, "/rest/cats/42?x=1").bodyString == "doc cats 42")
        #expect(respond(router, .get, "/rest/_meta/7").bodyString == "doc _meta 7")
    }

    @Test func ignoresTrailingSlashAndDecodesSegments() {
        let router = restRouter()
        #expect(respond(router, .get, "/rest/cats/").bodyString == "list cats")
        #expect(respond(router, .get, "/rest/my%20cats/a%2Fb").bodyString == "doc my cats a/b")
    }

    @Test func aNameBoundTwiceKeepsItsLastSegmentAndEveryOtherNameItsOwn() {
        var router = Router()
        router.get("/:a/:b/:a") {
            .text(
                .ok,
                "\($0.pathParameters["a"] ?? "-") \($0.pathParameters["b"] ?? "-") \($0.pathParameters.count)"
            )
        }
        #expect(respond(router.freeze(), .get, "/one/two/three").bodyString == "three two 2")
    }

    @Test func starIsALiteralOrAParameterValue() {
        let router = restRouter()
        #expect(respond(router, .delete, "/rest/cats/*").bodyString == "bulk cats")
        #expect(respond(router, .get, "/rest/cats/*").bodyString == "doc cats *")
    }

    @Test func aHeadIsRefusedForItsMiddlewareRouteOrMethodAndPassedOtherwise() {
        var router = Router()
        router.use(Tag(name: "outer"))
        router.use(TokenGate())
        router.post("/items") { _ in .text(.created, "made") }
        let frozen = router.freeze()
        func head(_ method: HTTPMethod, _ target: String, token: Bool = true) -> HTTPResponse? {
            var headers = HTTPHeaders()
            if token { headers.set("X-Token", "t") }
            return frozen.respondBeforeBody(to: HTTPRequest(method: method, target: target, headers: headers))
        }
        #expect(head(.post, "/items") == nil)
        #expect(head(.post, "/items", token: false)?.status == .unauthorized)
        #expect(head(.post, "/nothing")?.status == .notFound)
        let wrongMethod = head(.put, "/items")
        #expect(wrongMethod?.status == .methodNotAllowed)
        #expect(wrongMethod?.headers["Allow"] == "POST")
        // A responder that does not look at heads reads every body.
        let closure = ClosureResponder { _ in .text(.ok, "") }
        #expect(closure.respondBeforeBody(to: HTTPRequest(method: .post, target: "/x")) == nil)
    }

    @Test func headFallsBackToGet() {
        #expect(respond(restRouter(), .head, "/rest/cats").status == .ok)
    }

    @Test func answersUnknownPathsWith404AndOtherMethodsWith405() {
        let router = restRouter()
        #expect(respond(router, .get, "/nowhere").status == .notFound)
        let response = respond(router, .post, "/rest/cats/1")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD, PUT")
    }

    @Test func runsMiddlewareOutermostFirst() {
        var router = Router()
        router.use(Tag(name: "outer"))
        router.use(Tag(name: "inner"))
        router.get("/") { _ in .text(.ok, "hi") }
        #expect(respond(router.freeze(), .get, "/").headers.values(for: "X-Chain") == ["inner", "outer"])
    }

    /// The chain is chosen by the path's first segment, once at freeze: a middleware runs only
    /// for the requests its scope covers, in the order of `use`, whichever segment (named by a
    /// route, by a scope, or by neither) or `/`.
    @Test func middlewareRunsOnlyForTheFirstSegmentsItsScopeCovers() {
        var router = Router()
        router.use(Tag(name: "all"))
        router.use(ScopedTag(name: "page", scope: .only([nil, "_console"])))
        router.use(ScopedTag(name: "journal", scope: .allBut(["_admin", "_console"])))
        router.use(ScopedTag(name: "session", scope: .only(["rest", "_admin"])))
        for path in ["/", "/rest/cats", "/_admin/x", "/_console/app.js", "/unknown/x"] {
            router.get(path) { _ in .text(.ok, "hi") }
        }
        let frozen = router.freeze()
        func chain(_ target: String) -> [String] {
            Array(respond(frozen, .get, target).headers.values(for: "X-Chain").reversed())
        }
        #expect(chain("/") == ["all", "page", "journal"])
        #expect(chain("/rest/cats") == ["all", "journal", "session"])
        #expect(chain("/r%65st/cats") == ["all", "journal", "session"])  // segments are decoded
        #expect(chain("/_admin/x") == ["all", "session"])
        #expect(chain("/_console/app.js") == ["all", "page"])
        #expect(chain("/unknown/x") == ["all", "journal"])
        #expect(chain("/nowhere") == ["all", "journal"])  // a 404 meets the same chain
        #expect(frozen.middleware(for: "rest").count == 3)
        #expect(frozen.middleware(for: "other").count == 2)
        // Heads go through the same chains.
        let head = frozen.respondBeforeBody(to: HTTPRequest(method: .post, target: "/_console/x"))
        #expect(head?.bodyString == "page")
        let unknown = frozen.respondBeforeBody(to: HTTPRequest(method: .post, target: "/unknown/x"))
        #expect(unknown?.bodyString == "journal")
    }

    @Test func middlewareSeesThrownErrorsFirst() {
        var router = Router()
        router.use(Catcher())
        router.get("/fail") { _ in throw Plain() }
        router.get("/teapot") { _ in throw Teapot() }
        #expect(respond(router.freeze(), .get, "/fail").status == .unprocessableEntity)
        #expect(respond(router.freeze(), .get, "/teapot").bodyString == "caught")
    }

    @Test func unhandledErrorsBecomeTheirResponseOrA500() {
        var router = Router()
        router.get("/fail") { _ in throw Plain() }
        router.get("/teapot") { _ in throw Teapot() }
        #expect(respond(router.freeze(), .get, "/fail").status == .internalServerError)
        #expect(respond(router.freeze(), .get, "/teapot").status.code == 418)
    }

    @Test func ownAnswersArePlainTextByDefault() {
        var router = Router()
        router.get("/fail") { _ in throw Plain() }
        router.get("/rest/cats") { _ in .text(.ok, "list") }
        let frozen = router.freeze()
        for (method, path, status) in [
            (HTTPMethod.get, "/nowhere", HTTPStatus.notFound), (.post, "/rest/cats", .methodNotAllowed),
            (.get, "/fail", .internalServerError),
        ] {
            let response = respond(frozen, method, path)
            #expect(response.status == status)
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
            #expect(!response.bodyString.isEmpty && !response.bodyString.contains("{"))
        }
    }

    @Test func ownAnswersGoThroughTheInjectedRenderer() {
        var router = Router()
        router.errorRenderer = { status, message in .json(status, #"{"e":"\#(message)"}"#) }
        router.get("/fail") { _ in throw Plain() }
        router.get("/rest/cats") { _ in .text(.ok, "list") }
        let frozen = router.freeze()
        #expect(respond(frozen, .get, "/nowhere").bodyString == #"{"e":"Not found"}"#)
        let notAllowed = respond(frozen, .post, "/rest/cats")
        #expect(notAllowed.bodyString == #"{"e":"Method not allowed"}"#)
        #expect(notAllowed.headers["Allow"] == "GET, HEAD")
        let failed = respond(frozen, .get, "/fail")
        #expect(failed.status == .internalServerError)
        #expect(failed.bodyString == #"{"e":"Internal server error"}"#)
    }

    @Test func customNotFoundRunsInsideMiddleware() {
        var router = Router()
        router.use(Tag(name: "cors"))
        router.notFound = { _ in .text(.notFound, "custom") }
        let response = respond(router.freeze(), .get, "/x")
        #expect(response.bodyString == "custom")
        #expect(response.headers["X-Chain"] == "cors")
    }
}

@Suite struct AccessLogTests {
    @Test func logsQueryNamesButNotValues() {
        let request = HTTPRequest(method: .get, target: "/rest/cats?q=%7B%22secret%22%3A1%7D&apikey=abc")
        #expect(AccessLog.loggedPath(request) == "/rest/cats?q&apikey")
        #expect(AccessLog.loggedPath(HTTPRequest(method: .get, target: "/plain")) == "/plain")
    }
}
