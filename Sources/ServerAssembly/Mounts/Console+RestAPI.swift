import Console
import RestDBAPI
import SocketHTTP

extension Console {
    /// The console as a REST server mounts it: sign-in takes the full-access keys of `keys`,
    /// errors have restdb's error body. A session's request goes on as the caller of the
    /// session's key (`Caller.Channel.consoleSession`), which the key check then takes as it is.
    public static func forRestAPI(keys: KeyRing, sessions: ConsoleSessions = ConsoleSessions()) -> Console {
        let bridge = KeyBridge(
            access: { key in
                let caller = keys.caller(presenting: key)
                if caller.hasFullAccess { return .full }
                return caller.key == nil ? .unknown : .scoped
            },
            presentedKey: { request in request.presentedAPIKey },
            actAs: { request, key in
                request.attributes[Caller.self] = keys.caller(presenting: key, via: .consoleSession)
            })
        return Console(
            sessions: sessions, keys: bridge,
            errorResponse: { status, message in
                RestAPI.protocolErrorResponse(HTTPStatus(code: status), message)
            })
    }
}
