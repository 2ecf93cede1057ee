import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Console {
    /// `POST /_console/session` with `{"key":"..."}`: a full-access key opens a session.
    func signIn(_ request: HTTPRequest) -> HTTPResponse {
        if Self.isCrossOrigin(request) { return crossOriginRefusal() }
        struct Body: Decodable { let key: String }
        guard let body = try? JSONDecoder().decode(Body.self, from: Data(request.body)) else {
            return errorResponse(400, #"Send the key as JSON: {"key":"<full-access key>"}."#)
        }
        switch open(key: body.key.trimmingASCIIWhitespace()) {
        case .success(let session):
            var response = HTTPResponse.json(.ok, #"{"csrf":"\#(session.csrf)"}"#)
            response.headers.add("Set-Cookie", Self.cookieHeader(session.id))
            return response
        case .failure(let refusal):
            return refusal.response
        }
    }

    /// `GET /_console/session`: the CSRF token of a live session, else 401.
    func currentSession(_ request: HTTPRequest) -> HTTPResponse {
        guard let session = session(of: request) else {
            return errorResponse(401, "Not signed in to the console; sign in with a full-access key.")
        }
        return .json(.ok, #"{"csrf":"\#(session.csrf)","signedIn":true}"#)
    }

    /// `DELETE /_console/session`: forgets the session and clears the cookie.
    func signOut(_ request: HTTPRequest) -> HTTPResponse {
        if Self.isCrossOrigin(request) { return crossOriginRefusal() }
        if let id = Self.cookie(Self.cookieName, in: request) { sessions.close(id: id) }
        var response = HTTPResponse.json(.ok, #"{"signedIn":false}"#)
        response.headers.add("Set-Cookie", Self.cookieHeader("", maxAge: 0))
        return response
    }

    /// `GET /_console/signin?code=...`, the link the banner prints: a live single-use code sets
    /// the cookie and sends the browser on to `/`. A used, expired or wrong code, or a link that
    /// carries a key, gets a page that says what to do instead (a person follows this link).
    func oneClickSignIn(_ request: HTTPRequest) -> HTTPResponse {
        if request.queryValue("key") != nil {
            return SignInPage.keyInLink.response
        }
        guard let code = request.queryValue("code"), let key = sessions.redeem(code: code) else {
            return SignInPage.staleLink(minutes: Int(sessions.codeLifetime.components.seconds / 60)).response
        }
        switch open(key: key) {
        case .success(let session):
            var response = HTTPResponse(status: HTTPStatus(code: 303, reason: "See Other"))
            response.headers.set("Location", "/")
            response.headers.add("Set-Cookie", Self.cookieHeader(session.id))
            return response
        case .failure:
            return SignInPage.keyWithdrawn.response
        }
    }

    struct Refusal: Error {
        let response: HTTPResponse
    }

    private func open(key: String) -> Result<ConsoleSessions.Session, Refusal> {
        guard !key.isEmpty else {
            return .failure(Refusal(response: errorResponse(401, "Sign in needs a full-access API key.")))
        }
        switch keys.access(key) {
        case .full:
            return .success(sessions.open(key: key))
        case .scoped:
            return .failure(
                Refusal(
                    response: errorResponse(
                        403,
                        "This key is scoped (a web page key); the console needs a full-access key, "
                            + "such as the one `restlite serve` prints.")))
        case .unknown:
            return .failure(
                Refusal(
                    response: errorResponse(
                        401, "The key is not known to this server; use a key that `restlite keys list` shows."
                    )))
        }
    }

    func crossOriginRefusal() -> HTTPResponse {
        errorResponse(403, "The console refuses requests from other origins; use the console's own pages.")
    }

    /// The session cookie: sent back only to this host, never to scripts, never cross-site.
    static func cookieHeader(_ id: String, maxAge: Int? = nil) -> String {
        var text = "\(cookieName)=\(id); Path=/; HttpOnly; SameSite=Strict"
        if let maxAge { text += "; Max-Age=\(maxAge)" }
        return text
    }
}
