import SocketHTTP

/// CORS for browser clients: every answer names the allowed origin, and an `OPTIONS`
/// preflight is answered here, before any key check, with 204.
struct CORSMiddleware: HTTPMiddleware {
    static let allowedMethods = "GET, POST, PUT, PATCH, DELETE, OPTIONS"
    static let allowedHeaders = "x-apikey, content-type, cache-control, authorization, x-http-method-override"
    private static let standardHeaders = Set(
        allowedHeaders.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() })

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        var response: HTTPResponse
        if request.method == .options {
            response = HTTPResponse(status: .noContent)
            response.headers.set("Access-Control-Allow-Methods", Self.allowedMethods)
            response.headers.set("Access-Control-Allow-Headers", allowedHeaders(for: request))
            response.headers.set("Access-Control-Max-Age", "86400")
        } else {
            response = try next(request)
        }
        Self.decorate(&response, origin: request.headers["Origin"])
        return response
    }

    /// A refusal before the body carries the same CORS headers; a preflight is left to `handle`.
    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        guard head.method != .options, var response = try next(head) else { return nil }
        Self.decorate(&response, origin: head.headers["Origin"])
        return response
    }

    static func decorate(_ response: inout HTTPResponse, origin: String?) {
        if let origin, !origin.isEmpty {
            response.headers.set("Access-Control-Allow-Origin", origin)
            if response.headers["Vary"]?.lowercased().contains("origin") != true {
                response.headers.add("Vary", "Origin")
            }
        } else {
            response.headers.set("Access-Control-Allow-Origin", "*")
        }
        // A stand-in's answer may expose its own headers (TheCatAPI's `Pagination-Count`).
        if let exposed = response.headers["Access-Control-Expose-Headers"], !exposed.isEmpty {
            if !exposed.lowercased().contains(Pagination.headerName.lowercased()) {
                response.headers.set("Access-Control-Expose-Headers", exposed + ", " + Pagination.headerName)
            }
        } else {
            response.headers.set("Access-Control-Expose-Headers", Pagination.headerName)
        }
    }

    /// The standard list, plus the valid header names the browser says it will send.
    private func allowedHeaders(for request: HTTPRequest) -> String {
        guard let requested = request.headers["Access-Control-Request-Headers"] else {
            return Self.allowedHeaders
        }
        let extra = requested.split(separator: ",").map { $0.trimmingASCIIWhitespace().lowercased() }
            .filter {
                HTTPHeaders.isValidName($0) && !Self.standardHeaders.contains($0)
            }
        return ([Self.allowedHeaders] + extra).joined(separator: ", ")
    }
}
