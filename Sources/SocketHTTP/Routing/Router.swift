/// Routes and middleware, built mutably at start-up, then frozen into an immutable responder.
///
/// Patterns are `/`-separated; `:name` segments bind path parameters, anything else (`*`
/// included) is literal. Literal segments win over parameters; a trailing slash is ignored.
/// ```swift
/// var router = Router()
/// router.get("/rest/:collection/:id") { request in .json(.ok, "{}") }
/// let responder = router.freeze()
/// ```
public struct Router: Sendable {
    /// Handler of a route; a thrown error is rendered by middleware or `HTTPResponseConvertible`.
    public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse

    var root = RouteNode()
    var middleware: [any HTTPMiddleware] = []

    /// Writes the router's own answers: the default 404 and 405, and the 500 for an error that
    /// escapes every middleware without an `HTTPResponseConvertible` answer (default: plain text).
    public var errorRenderer: HTTPErrorRenderer = HTTPErrorRendering.plainText

    /// Answers a path that matches no route (default: a 404 through `errorRenderer`).
    public var notFound: Handler?

    /// Answers a path that matches routes under other methods only; receives those methods
    /// (default: a 405 through `errorRenderer`). The router adds the `Allow` header to the answer
    /// it returns when the handler did not; an error it throws goes to the middleware without one.
    public var methodNotAllowed: (@Sendable (HTTPRequest, [HTTPMethod]) throws -> HTTPResponse)?

    /// The body limit of a request, when smaller than the server's (`HTTPResponder.bodyLimit`):
    /// for example small bodies only for routes that need no key. A request that arrives whole
    /// with a longer body is answered 413 through `errorRenderer`.
    public var bodyLimit: (@Sendable (HTTPRequest) -> Int?)?

    public init() {}

    /// Adds a route; a later route with the same method and pattern replaces an earlier one.
    /// With `spoolingBody`, a body that does not arrive with the head is written to a temporary
    /// file as it comes (`HTTPRequest.bodyFile`) instead of being held in memory.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, spoolingBody: Bool = false, _ handler: @escaping Handler
    ) {
        root.insert(
            ArraySlice(Self.segments(of: pattern)), method: method, spooling: spoolingBody, handler: handler)
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    public mutating func post(_ pattern: String, spoolingBody: Bool = false, _ handler: @escaping Handler) {
        add(.post, pattern, spoolingBody: spoolingBody, handler)
    }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) {
        add(.patch, pattern, handler)
    }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) {
        add(.delete, pattern, handler)
    }
    public mutating func options(_ pattern: String, _ handler: @escaping Handler) {
        add(.options, pattern, handler)
    }

    /// Appends a middleware; the first added is the outermost.
    public mutating func use(_ middleware: any HTTPMiddleware) {
        self.middleware.append(middleware)
    }

    /// The immutable responder handed to every connection.
    public func freeze() -> FrozenRouter {
        FrozenRouter(router: self)
    }

    /// Path segments of a pattern or raw path; empty segments (doubled or trailing slashes)
    /// are dropped so `/a/` is `/a`.
    /// Splits on UTF-8 bytes: `/` is ASCII, and this runs for every request.
    static func segments(of path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
            String(Substring($0))
        }
    }
}
