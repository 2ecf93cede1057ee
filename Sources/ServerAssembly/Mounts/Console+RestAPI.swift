import Console
import RestDBAPI
import SocketHTTP

extension Console {
    /// The console as a REST server mounts it: sign-in takes the full-access keys of `keys`,
    /// errors have restdb's error body.
    public static func forRestAPI(keys: KeyRing, sessions: ConsoleSessions = ConsoleSessions()) -> Console {
        Console(
            sessions: sessions,
            checkKey: { key in
                if keys.grantsFullAccess(presentedKey: key) { return .full }
                let known =
                    keys.authorize(presentedKey: key, method: "GET", path: "/", origin: nil) != .unknown
                return known ? .scoped : .unknown
            },
            errorResponse: { status, message in
                RestAPI.protocolErrorResponse(HTTPStatus(code: status), message)
            })
    }
}
