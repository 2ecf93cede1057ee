import SocketHTTP

/// Checks the API key of every request under `/rest`: no key is 401, an unknown key or one
/// whose scope does not cover the request is 403.
struct KeyMiddleware: HTTPMiddleware {
    let keys: KeyRing

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        guard let scopePath = Self.pathAfterRest(request.pathSegments) else { return try next(request) }
        let presented = Self.presentedKey(request)
        let method = request.method == .head ? "GET" : request.method.rawValue
        switch keys.authorize(
            presentedKey: presented, method: method, path: scopePath, origin: request.headers["Origin"])
        {
        case .allowed:
            return try next(request)
        case .missing:
            throw RestError(
                .unauthorized,
                "This request has no API key; send it in the x-apikey header (or ?apikey=, or Authorization: Bearer)."
            )
        case .unknown:
            throw RestError(
                .forbidden,
                "The API key is not known to this server; use a key that `restlite keys list` shows.")
        case .outOfScope:
            throw RestError(
                .forbidden,
                "The API key does not allow \(method) on \(scopePath) from this origin; use a key whose scope covers it."
            )
        }
    }

    /// The segments of `/rest/a3cats/1` → `/a3cats/1`; nil for paths outside `/rest`. Works on
    /// the router's segments, so every path a `/rest` route answers (`//rest/a3cats`,
    /// `/rest//a3cats/`) is checked, and under the same path the scope glob sees.
    static func pathAfterRest(_ segments: [String]) -> String? {
        guard segments.first == "rest" else { return nil }
        return "/" + segments.dropFirst().joined(separator: "/")
    }

    /// The key from `x-apikey` (any case), `Authorization: Bearer`, or the `apikey` parameter.
    static func presentedKey(_ request: HTTPRequest) -> String? {
        if let header = request.headers["x-apikey"], !header.isEmpty { return header }
        if let authorization = request.headers["Authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return parts[1].trimmingASCIIWhitespace()
            }
        }
        return request.queryValue("apikey")
    }
}
