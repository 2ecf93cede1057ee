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
}

extension HTTPResponder {
    public func respondBeforeBody(to head: HTTPRequest) -> HTTPResponse? { nil }
    public func spoolsBody(of head: HTTPRequest) -> Bool { false }
    public func bodyLimit(of head: HTTPRequest) -> Int? { nil }
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
}

extension HTTPMiddleware {
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
