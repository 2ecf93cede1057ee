/// One level of the route tree: literal children are tried before the parameter child, so
/// `/rest/_meta` wins over `/rest/:collection` and a miss backtracks to the parameter.
struct RouteNode: Sendable {
    typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

    var literals: [String: RouteNode] = [:]
    var parameterName: String?
    var parameter: [RouteNode] = []  // zero or one element; an array keeps the struct recursive
    var handlers: [HTTPMethod: Route] = [:]

    /// What a route does with a request: its handler, and whether its body goes to a temporary
    /// file (`Router.add(_:_:spoolingBody:_:)`).
    struct Route: Sendable {
        let handler: Handler
        let spoolsBody: Bool
    }

    mutating func insert(
        _ segments: ArraySlice<String>, method: HTTPMethod, spooling spools: Bool = false,
        handler: @escaping Handler
    ) {
        guard let first = segments.first else {
            handlers[method] = Route(handler: handler, spoolsBody: spools)
            return
        }
        let rest = segments.dropFirst()
        if first.hasPrefix(":") && first.count > 1 {
            let name = String(first.dropFirst())
            precondition(
                parameterName == nil || parameterName == name,
                "route parameter :\(name) conflicts with :\(parameterName ?? "")")
            parameterName = name
            if parameter.isEmpty { parameter = [RouteNode()] }
            parameter[0].insert(rest, method: method, spooling: spools, handler: handler)
        } else {
            literals[first, default: RouteNode()].insert(
                rest, method: method, spooling: spools, handler: handler)
        }
    }

    /// The same tree in storage of its own: new dictionaries and arrays at every level, and
    /// each handler in a closure of the replica's own. Copying a node retains its dictionaries
    /// and arrays, and taking a route retains its handler's context, so trees that several
    /// threads search at once should be replicas (`FrozenRouter.replica()`).
    func replica() -> RouteNode {
        var copy = RouteNode()
        copy.literals = Dictionary(uniqueKeysWithValues: literals.map { ($0.key, $0.value.replica()) })
        copy.parameterName = parameterName
        copy.parameter = parameter.map { $0.replica() }
        copy.handlers = Dictionary(
            uniqueKeysWithValues: handlers.map {
                ($0.key, Route(handler: Self.ownContext($0.value.handler), spoolsBody: $0.value.spoolsBody))
            })
        return copy
    }

    /// `handler` called through a new closure: a request retains this closure's context, which
    /// only one replica's worker uses, and the shared one inside is only borrowed.
    private static func ownContext(_ handler: @escaping Handler) -> Handler {
        { request in try handler(request) }
    }

    /// The best route matching `segments` that serves `method` (HEAD falls back
    /// to GET), with its parameters appended to `bound`; stops at the first such route and
    /// allocates nothing for literal segments (the common path of every request).
    func firstRoute(
        _ segments: ArraySlice<String>, for method: HTTPMethod, bound: inout [(name: String, value: String)]
    ) -> Route? {
        guard let first = segments.first else {
            return handlers[method] ?? (method == .head ? handlers[.get] : nil)
        }
        let rest = segments.dropFirst()
        if let route = literals[first]?.firstRoute(rest, for: method, bound: &bound) { return route }
        guard let parameterName, let child = parameter.first, !first.isEmpty else { return nil }
        bound.append((name: parameterName, value: first))
        if let route = child.firstRoute(rest, for: method, bound: &bound) { return route }
        bound.removeLast()
        return nil
    }

    /// Nodes whose pattern matches `segments`, best first, with the parameters bound on the way.
    func matches(
        _ segments: ArraySlice<String>, bound: [String: String], into results: inout [RouteMatch]
    ) {
        guard let first = segments.first else {
            if !handlers.isEmpty { results.append(RouteMatch(node: self, parameters: bound)) }
            return
        }
        let rest = segments.dropFirst()
        literals[first]?.matches(rest, bound: bound, into: &results)
        if let parameterName, let child = parameter.first, !first.isEmpty {
            var withValue = bound
            withValue[parameterName] = first
            child.matches(rest, bound: withValue, into: &results)
        }
    }
}

/// A route whose pattern matched a path.
struct RouteMatch {
    let node: RouteNode
    let parameters: [String: String]
}
