/// A route as it was added: its method and pattern, as in `GET /rest/:collection/:id`.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    public let method: HTTPMethod
    public let pattern: String

    public var description: String { "\(method.rawValue) \(pattern)" }
}

extension Router {
    /// Every route, ordered by pattern and then method: what a description of the API must cover.
    public var routes: [RoutePattern] { root.routePatterns() }
}

extension FrozenRouter {
    /// Every route, ordered by pattern and then method.
    public var routes: [RoutePattern] { root.routePatterns() }
}

extension RouteNode {
    func routePatterns() -> [RoutePattern] {
        var found: [RoutePattern] = []
        collectPatterns(prefix: "", into: &found)
        return found.sorted { ($0.pattern, $0.method.rawValue) < ($1.pattern, $1.method.rawValue) }
    }

    private func collectPatterns(prefix: String, into found: inout [RoutePattern]) {
        for method in handlers.keys {
            found.append(RoutePattern(method: method, pattern: prefix.isEmpty ? "/" : prefix))
        }
        for (segment, child) in literals {
            child.collectPatterns(prefix: prefix + "/" + segment, into: &found)
        }
        if let parameterName, let child = parameter.first {
            child.collectPatterns(prefix: prefix + "/:" + parameterName, into: &found)
        }
    }
}
