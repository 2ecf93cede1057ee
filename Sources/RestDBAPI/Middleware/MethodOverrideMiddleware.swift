import SocketHTTP

/// `POST` with `X-HTTP-Method-Override: PUT|PATCH|DELETE` is handled as that method, for
/// clients that can only send GET and POST.
struct MethodOverrideMiddleware: HTTPMiddleware {
    private static let allowed: Set<HTTPMethod> = [.put, .patch, .delete]

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        try next(try overridden(request))
    }

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        try next(try overridden(head))
    }

    private func overridden(_ request: HTTPRequest) throws -> HTTPRequest {
        guard request.method == .post, let value = request.headers["X-HTTP-Method-Override"] else {
            return request
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
        var overridden = request
        overridden.method = method
        return overridden
    }
}
