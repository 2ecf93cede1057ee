import SocketHTTP

/// The web console on the server's own port: its pages at `/` (for browsers) and
/// `/_console/<file>`, and browser sessions (`/_console/session`, `/_console/signin`) that let
/// the pages call `/rest` and `/_restlite` with a cookie instead of a key. Mounted on the REST
/// router (`RouterMount`); it knows keys only through the `KeyBridge` its server gives it.
///
/// ```swift
/// let bridge = Console.KeyBridge(
///     access: { key in key == "secret" ? .full : .unknown },
///     presentedKey: { request in request.headers["x-apikey"] },
///     actAs: { request, key in request.headers.set("x-apikey", key) })
/// let console = Console(keys: bridge,
///     errorResponse: { status, message in .json(HTTPStatus(code: status), "...") })
/// let responder = api.makeResponder(mounts: [console])
/// ```
public final class Console: RouterMount {
    /// What a key is worth for signing in.
    public enum KeyAccess: Sendable {
        /// A full-access key: it may open a session.
        case full
        /// A scoped (web page) key: refused, 403.
        case scoped
        /// Not a key of this server: refused, 401.
        case unknown
    }

    public static let cookieName = "restlite_session"
    public static let csrfHeader = "X-CSRF-Token"
    /// Paths whose requests a session cookie authorizes, like the key it holds.
    public static let sessionPrefixes = ["rest", "_restlite", "realtime", "media"]

    /// What the console knows of its server's keys, all decided by the server's key check.
    public struct KeyBridge: Sendable {
        /// What a key is worth for signing in.
        public var access: @Sendable (String) -> KeyAccess
        /// The key a request names itself, read exactly as the key check reads it (nil when
        /// none): such a request keeps its key and the session cookie is not consulted.
        public var presentedKey: @Sendable (HTTPRequest) -> String?
        /// Makes a request go on as the caller its session's full-access `key` stands for.
        public var actAs: @Sendable (inout HTTPRequest, _ key: String) -> Void

        public init(
            access: @escaping @Sendable (String) -> KeyAccess,
            presentedKey: @escaping @Sendable (HTTPRequest) -> String?,
            actAs: @escaping @Sendable (inout HTTPRequest, _ key: String) -> Void
        ) {
            self.access = access
            self.presentedKey = presentedKey
            self.actAs = actAs
        }
    }

    public let sessions: ConsoleSessions
    let keys: KeyBridge
    let errorResponse: @Sendable (Int, String) -> HTTPResponse

    public init(
        sessions: ConsoleSessions = ConsoleSessions(), keys: KeyBridge,
        errorResponse: @escaping @Sendable (Int, String) -> HTTPResponse
    ) {
        self.sessions = sessions
        self.keys = keys
        self.errorResponse = errorResponse
    }

    public var outerMiddleware: [any HTTPMiddleware] {
        [ConsolePageMiddleware(), ConsoleSessionMiddleware(console: self)]
    }

    public func addRoutes(to router: inout Router) {
        router.post("/_console/session") { request in self.signIn(request) }
        router.get("/_console/session") { request in self.currentSession(request) }
        router.delete("/_console/session") { request in self.signOut(request) }
        router.get("/_console/signin") { request in self.oneClickSignIn(request) }
        router.get("/_console/:file") { request in
            guard let asset = ConsoleAsset.all[request.pathParameters["file"] ?? ""] else {
                return self.errorResponse(404, "The console has no file \(request.path).")
            }
            return asset.response(to: request)
        }
    }

    /// The banner's link: `<base>/_console/signin?code=<single-use code>`, valid for
    /// `sessions.codeLifetime`; the key itself never goes into a URL.
    public func signInLink(base: String, key: String) -> String {
        "\(base)/_console/signin?code=\(sessions.issueCode(for: key))"
    }

    /// The session a request's cookie names, when it is live and its key still has full access.
    func session(of request: HTTPRequest) -> ConsoleSessions.Session? {
        guard let id = Self.cookie(Self.cookieName, in: request), let session = sessions.session(id: id)
        else { return nil }
        guard keys.access(session.key) == .full else {
            sessions.close(id: id)
            return nil
        }
        return session
    }

    /// The value of cookie `name` in the request's `Cookie` headers.
    static func cookie(_ name: String, in request: HTTPRequest) -> String? {
        for header in request.headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingASCIIWhitespace() == name {
                    return parts[1].trimmingASCIIWhitespace()
                }
            }
        }
        return nil
    }

    /// A request from another origin: its `Origin` header (when sent) differs from the origin
    /// its `Host` header names. Browsers send `Origin` on every state-changing request.
    static func isCrossOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headers["Origin"], !origin.isEmpty else { return false }
        guard let host = request.headers["Host"], !host.isEmpty else { return true }
        return origin.lowercased() != "http://" + host.lowercased()
    }
}
