/// Turns a request into a response. The server calls it on a worker thread, synchronously;
/// a slow responder occupies only the thread it runs on.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// Called once the head of a request whose body has not fully arrived is parsed (the
    /// body is empty here): an answer refuses the request before its body is read (a missing
    /// key, an unknown route), and the server then closes the connection; nil reads the body.
    /// An `Expect: 100-continue` request is asked this before `100 Continue` is sent.
    func respondBeforeBody(to head: HTTPRequest) -> HTTPResponse?

    /// Whether the body of this request (its head accepted by `respondBeforeBody`) goes to a
    /// temporary file (`HTTPRequest.bodyFile`) rather than memory: large uploads. Such a body
    /// still counts against `HTTPLimits.maxBodyBytes` and the body timeout, not against
    /// `HTTPServerConfiguration.maxBufferedBytes`.
    func spoolsBody(of head: HTTPRequest) -> Bool

    /// A body limit below `HTTPLimits.maxBodyBytes` for this request (its head accepted by
    /// `respondBeforeBody`), or nil. A longer `Content-Length` is refused from the head with
    /// 413, a chunked body as soon as it passes the limit; the bytes of such bodies are counted
    /// in a pool of their own (`HTTPServerConfiguration.maxSmallBodyBytes`), never against
    /// `maxBufferedBytes`, so requests that need no credentials cannot crowd out those that do.
    func bodyLimit(of head: HTTPRequest) -> Int?

    /// A responder that answers every request exactly as this one does, for one worker thread:
    /// what it reads per request (a route tree, middleware lists) in storage of its own, so
    /// workers on different cores do not write the same reference counts, whose cache lines
    /// would otherwise move between the cores on every request. The server asks each worker
    /// for one when the worker starts. Default: `self`.
    func replica() -> any HTTPResponder
}

extension HTTPResponder {
    public func respondBeforeBody(to head: HTTPRequest) -> HTTPResponse? { nil }
    public func spoolsBody(of head: HTTPRequest) -> Bool { false }
    public func bodyLimit(of head: HTTPRequest) -> Int? { nil }
    public func replica() -> any HTTPResponder { self }
}

/// A step around the handler: keys, CORS, errors, access logs.
///
/// `next` runs the rest of the chain (the inner middleware, then the route). It throws what
/// the route throws, so an error middleware can catch and render it; whatever escapes the
/// outermost middleware becomes `HTTPResponseConvertible.httpResponse()` or a plain 500.
public protocol HTTPMiddleware: Sendable {
    func handle(
        _ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse
    ) throws -> HTTPResponse

    /// The same step for a request head whose body is still to come (`respondBeforeBody`):
    /// refuse what can be refused from the head alone, or return `next(head)` (the default).
    func handleHead(
        _ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?
    ) throws -> HTTPResponse?

    /// The requests this middleware can act on, by their path's first segment. The frozen
    /// router builds one chain per first segment at start-up, so a request never meets a
    /// middleware whose scope leaves it out (default: every request).
    var scope: MiddlewareScope { get }

    /// This middleware for one worker's replica of the router (`HTTPResponder.replica()`):
    /// one that keeps copies of its own of what every request reads, so workers on different
    /// cores do not write the same reference counts. Default: `self`.
    func replica() -> any HTTPMiddleware
}

/// Which requests a middleware runs for, decided by the first segment of the path
/// (`HTTPRequest.firstPathSegment`, percent-decoded; nil for `/`).
///
/// ```swift
/// var scope: MiddlewareScope { .only(["_console", nil]) }  // the console's page and files
/// ```
public enum MiddlewareScope: Sendable, Equatable {
    case everyRequest
    /// Only requests whose first segment is one of these.
    case only(Set<String?>)
    /// Every request but those whose first segment is one of these.
    case allBut(Set<String?>)

    /// Whether a request whose path starts with `first` is in scope.
    public func covers(_ first: String?) -> Bool {
        switch self {
        case .everyRequest: return true
        case .only(let segments): return segments.contains(first)
        case .allBut(let segments): return !segments.contains(first)
        }
    }

    /// The segments the scope names.
    var named: Set<String?> {
        switch self {
        case .everyRequest: return []
        case .only(let segments), .allBut(let segments): return segments
        }
    }

    /// Whether a first segment the scope does not name is in scope.
    var coversUnnamed: Bool {
        if case .only = self { return false }
        return true
    }
}

extension HTTPMiddleware {
    public var scope: MiddlewareScope { .everyRequest }

    public func replica() -> any HTTPMiddleware { self }

    public func handleHead(
        _ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?
    ) throws -> HTTPResponse? {
        try next(head)
    }
}

/// An error that knows the response it should become.
public protocol HTTPResponseConvertible: Error {
    func httpResponse() -> HTTPResponse
}

/// A responder from a closure (handy in tests and benchmarks).
public struct ClosureResponder: HTTPResponder {
    private let body: @Sendable (HTTPRequest) -> HTTPResponse

    public init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.body = body
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse { body(request) }
}
