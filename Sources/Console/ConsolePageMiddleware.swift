import SocketHTTP

/// Serves the console's page at `/` to browsers (a `GET` whose `Accept` names `text/html`);
/// API clients asking for `/` get the REST API's answer as before. Every answer of the console
/// (`/` as a page and everything under `/_console/`) carries the strict security headers.
struct ConsolePageMiddleware: HTTPMiddleware {
    static let securityHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
        ),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// `/` and `/_console/...` only: the router never runs it for any other request.
    var scope: MiddlewareScope { .only([nil, "_console"]) }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        if Self.wantsPage(request), let page = ConsoleAsset.all["index.html"] {
            return Self.secured(page.response(to: request))
        }
        guard request.firstPathSegment == "_console" else { return try next(request) }
        return Self.secured(try next(request))
    }

    /// `GET /` (or `HEAD /`) from a browser navigating to the server.
    static func wantsPage(_ request: HTTPRequest) -> Bool {
        guard request.method == .get || request.method == .head, request.firstPathSegment == nil else {
            return false
        }
        return request.headers.values(for: "Accept").contains { $0.lowercased().contains("text/html") }
    }

    static func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        for (name, value) in securityHeaders { response.headers.set(name, value) }
        return response
    }
}
