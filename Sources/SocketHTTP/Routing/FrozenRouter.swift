/// A router after start-up: immutable, `Sendable`, shared by every connection.
public struct FrozenRouter: HTTPResponder {
    let root: RouteNode
    /// The middleware chains, each in order, outermost first: one per first path segment that
    /// a middleware's scope names, one for `/`, one for every other segment. Chosen once per
    /// request, so a request skips at no cost what cannot apply to it.
    private let chains: MiddlewareChains
    private let notFound: Router.Handler
    private let methodNotAllowed: @Sendable (HTTPRequest, [HTTPMethod]) throws -> HTTPResponse
    private let errorRenderer: HTTPErrorRenderer
    private let limitBody: (@Sendable (HTTPRequest) -> Int?)?

    init(router: Router) {
        let render = router.errorRenderer
        root = router.root
        chains = MiddlewareChains(router.middleware)
        notFound = router.notFound ?? { _ in render(.notFound, "Not found") }
        methodNotAllowed =
            router.methodNotAllowed ?? { _, _ in render(.methodNotAllowed, "Method not allowed") }
        errorRenderer = render
        limitBody = router.bodyLimit
    }

    private init(replicating original: FrozenRouter) {
        root = original.root.replica()
        chains = original.chains.replica()
        notFound = original.notFound
        methodNotAllowed = original.methodNotAllowed
        errorRenderer = original.errorRenderer
        limitBody = original.limitBody
    }

    /// The same routes and chains in storage of their own (`HTTPResponder.replica()`): a
    /// request's route lookup copies tree nodes, whose reference counts then belong to one
    /// worker instead of every worker at once.
    public func replica() -> any HTTPResponder { FrozenRouter(replicating: self) }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if let limit = bodyLimit(of: request), request.body.count > limit {
            return errorRenderer(
                .payloadTooLarge, "body larger than \(limit) bytes, the most this route takes")
        }
        do {
            return try run(request, chains.chain(for: request.firstPathSegment), from: 0)
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
            return try runHead(head, chains.chain(for: head.firstPathSegment), from: 0)
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

    /// The middleware that runs for requests whose path starts with `first`, outermost first.
    public func middleware(for first: String?) -> [any HTTPMiddleware] { chains.chain(for: first) }

    private func runHead(_ head: HTTPRequest, _ middleware: [any HTTPMiddleware], from index: Int) throws
        -> HTTPResponse?
    {
        guard index < middleware.count else {
            var bound: [(name: String, value: String)] = []
            let segments = ArraySlice(head.pathSegments)
            if root.firstRoute(segments, for: head.method, bound: &bound) != nil { return nil }
            return try dispatch(head)
        }
        return try middleware[index].handleHead(head) { try runHead($0, middleware, from: index + 1) }
    }

    private func run(_ request: HTTPRequest, _ middleware: [any HTTPMiddleware], from index: Int) throws
        -> HTTPResponse
    {
        guard index < middleware.count else { return try dispatch(request) }
        return try middleware[index].handle(request) { try run($0, middleware, from: index + 1) }
    }

    /// Finds the route; HEAD falls back to GET with the body dropped by the server.
    private func dispatch(_ request: HTTPRequest) throws -> HTTPResponse {
        let segments = request.pathSegments
        var bound: [(name: String, value: String)] = []
        if let route = root.firstRoute(ArraySlice(segments), for: request.method, bound: &bound) {
            // A route without parameters gets the request as it came (a copy retains its parts).
            guard !bound.isEmpty else { return try route.handler(request) }
            var routed = request
            // Filled in a loop: `Dictionary(bound, uniquingKeysWith:)` first cast the labeled
            // pairs to a new array of plain ones.
            var parameters: [String: String] = [:]
            parameters.reserveCapacity(bound.count)
            for pair in bound { parameters[pair.name] = pair.value }  // the last of a name wins
            routed.pathParameters = parameters
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

/// A router's middleware sorted by first path segment once, at freeze: a segment's chain holds
/// the middleware whose scope covers it, in the order they were added. A segment no scope names
/// is covered alike by every scope, so all such segments share one chain.
struct MiddlewareChains: Sendable {
    private let bySegment: [String: [any HTTPMiddleware]]
    private let root: [any HTTPMiddleware]
    private let other: [any HTTPMiddleware]

    init(_ middleware: [any HTTPMiddleware]) {
        var named: Set<String> = []
        for step in middleware { named.formUnion(step.scope.named.compactMap { $0 }) }
        var bySegment: [String: [any HTTPMiddleware]] = [:]
        for segment in named { bySegment[segment] = middleware.filter { $0.scope.covers(segment) } }
        self.bySegment = bySegment
        root = middleware.filter { $0.scope.covers(nil) }
        other = middleware.filter { $0.scope.coversUnnamed }
    }

    private init(
        bySegment: [String: [any HTTPMiddleware]], root: [any HTTPMiddleware], other: [any HTTPMiddleware]
    ) {
        self.bySegment = bySegment
        self.root = root
        self.other = other
    }

    /// The same chains in new arrays, of each middleware's replica (`HTTPMiddleware.replica()`).
    func replica() -> MiddlewareChains {
        MiddlewareChains(
            bySegment: Dictionary(
                uniqueKeysWithValues: bySegment.map { ($0.key, $0.value.map { $0.replica() }) }),
            root: root.map { $0.replica() }, other: other.map { $0.replica() })
    }

    func chain(for first: String?) -> [any HTTPMiddleware] {
        guard let first else { return root }
        return bySegment[first] ?? other
    }
}
