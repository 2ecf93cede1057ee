import SocketHTTP

/// `POST` with `X-HTTP-Method-Override: PUT|PATCH|DELETE` is handled as that method, for
/// clients that can only send GET and POST.
struct MethodOverrideMiddleware: HTTPMiddleware {
    private static let allowed: Set<HTTPMethod> = [.put, .patch, .delete]

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        try passOn(request, to: next)
    }

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        try passOn(head, to: next)
    }

    /// A request without the header is passed on as it came: returning it from a function
    /// would copy it, which retains each of its fields.
    private func passOn<Answer>(_ request: HTTPRequest, to next: (HTTPRequest) throws -> Answer) throws
        -> Answer
    {
        guard let method = try overriddenMethod(request) else { return try next(request) }
        var overridden = request
        overridden.method = method
        return try next(overridden)
    }

    /// The method a `POST` asks to be handled as; nil when it asks for none.
    private func overriddenMethod(_ request: HTTPRequest) throws -> HTTPMethod? {
        guard request.method == .post, let value = request.headers["X-HTTP-Method-Override"] else {
            return nil
        }
        guard request.headers.values(for: "X-HTTP-Method-Override").count == 1 else {
            throw RestError(
                .badRequest,
                "Send X-HTTP-Method-Override once; this request has it more than once.")
        }
        let method = HTTPMethod(rawValue: value.uppercased())
        guard Self.allowed.contains(method) else {
            throw RestError(
                .badRequest, "X-HTTP-Method-Override may be PUT, PATCH or DELETE, not '\(value)'.")
        }
        return method
    }
}
