/// A router after start-up: immutable, `Sendable`, shared by every connection.
public struct FrozenRouter: HTTPResponder {
    let root: RouteNode
    private let middleware: [any HTTPMiddleware]
    private let notFound: Router.Handler
    private let methodNotAllowed: @Sendable (HTTPRequest, [HTTPMethod]) throws -> HTTPResponse
    private let errorRenderer: HTTPErrorRenderer
    private let limitBody: (@Sendable (HTTPRequest) -> Int?)?

    init(router: Router) {
        let render = router.errorRenderer
        root = router.root
        middleware = router.middleware
        notFound = router.notFound ?? { _ in render(.notFound, "Not found") }
        methodNotAllowed =
            router.methodNotAllowed ?? { _, _ in render(.methodNotAllowed, "Method not allowed") }
        errorRenderer = render
        limitBody = router.bodyLimit
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if let limit = bodyLimit(of: request), request.body.count > limit {
            return errorRenderer(
                .payloadTooLarge, "body larger than \(limit) bytes, the most this route takes")
        }
        do {
            return try run(request, from: 0)
        } catch let error as any HTTPResponseConvertible {
            return error.httpResponse()
        } catch {
            return errorRenderer(.internalServerError, "Internal server error")
        }
    }

    /// The middleware's head checks, then the route lookup: a path no route matches (404) or a
    /// method no route takes (405) is answered before the body is read.
    public func respondBeforeBody(to head: HTTPRequest) -> HTTPResponse? {
        do {
            return try runHead(head, from: 0)
        } catch let error as any HTTPResponseConvertible {
            return error.httpResponse()
        } catch {
            return nil  // the whole request will meet the same failure and answer it
        }
    }

    public func bodyLimit(of head: HTTPRequest) -> Int? { limitBody?(head) }

    public func spoolsBody(of head: HTTPRequest) -> Bool {
        var bound: [(name: String, value: String)] = []
        return root.firstRoute(ArraySlice(head.pathSegments), for: head.method, bound: &bound)?.spoolsBody
            ?? false
    }

    private func runHead(_ head: HTTPRequest, from index: Int) throws -> HTTPResponse? {
        guard index < middleware.count else {
            var bound: [(name: String, value: String)] = []
            let segments = ArraySlice(head.pathSegments)
            if root.firstRoute(segments, for: head.method, bound: &bound) != nil { return nil }
            return try dispatch(head)
        }
        return try middleware[index].handleHead(head) { try runHead($0, from: index + 1) }
    }

    private func run(_ request: HTTPRequest, from index: Int) throws -> HTTPResponse {
        guard index < middleware.count else { return try dispatch(request) }
        return try middleware[index].handle(request) { try run($0, from: index + 1) }
    }

    /// Finds the route; HEAD falls back to GET with the body dropped by the server.
    private func dispatch(_ request: HTTPRequest) throws -> HTTPResponse {
        let segments = request.pathSegments
        var bound: [(name: String, value: String)] = []
        if let route = root.firstRoute(ArraySlice(segments), for: request.method, bound: &bound) {
            var routed = request
            if !bound.isEmpty {
                routed.pathParameters = Dictionary(bound, uniquingKeysWith: { _, last in last })
            }
            return try route.handler(routed)
        }
        // No route has a handler for this method: 405 if the path matches under others.
        var matches: [RouteMatch] = []
        root.matches(ArraySlice(segments), bound: [:], into: &matches)
        guard !matches.isEmpty else { return try notFound(request) }
        return try notAllowed(request, matches: matches)
    }

    private func notAllowed(_ request: HTTPRequest, matches: [RouteMatch]) throws -> HTTPResponse {
        var allowed = Set(matches.flatMap { $0.node.handlers.keys })
        if allowed.contains(.get) { allowed.insert(.head) }
        let methods = allowed.sorted { $0.rawValue < $1.rawValue }
        var response = try methodNotAllowed(request, methods)
        if !response.headers.contains("Allow") {
            response.headers.set("Allow", methods.map(\.rawValue).joined(separator: ", "))
        }
        return response
    }
}
