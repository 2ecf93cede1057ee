import PlatformSupport
import SocketHTTP

/// Lets a console session stand in for its key: a request under `/rest` or `/_restlite` that
/// carries no key of its own (as the key check reads keys) but a live session cookie goes on as
/// the caller of the session's key (`KeyBridge.actAs`), so it meets exactly the checks and
/// routes any client with that key meets. A request
/// that changes something must also carry the session's `X-CSRF-Token` and, when it names an
/// `Origin`, come from the server's own; otherwise it is refused with 403.
struct ConsoleSessionMiddleware: HTTPMiddleware {
    let console: Console

    /// The paths a session authorizes (`Console.sessionPrefixes`): the router runs it for no other.
    var scope: MiddlewareScope { .only(Set(Console.sessionPrefixes.map(Optional.some))) }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        switch decide(request) {
        case .passOn: return try next(request)
        case .withKey(let keyed): return try next(keyed)
        case .refuse(let refusal): return refusal
        }
    }

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        switch decide(head) {
        case .passOn: return try next(head)
        case .withKey(let keyed): return try next(keyed)
        case .refuse(let refusal): return refusal
        }
    }

    enum Decision {
        case passOn
        case withKey(HTTPRequest)
        case refuse(HTTPResponse)
    }

    func decide(_ request: HTTPRequest) -> Decision {
        // No cookie, no session: most requests (API clients send keys, not cookies) stop here.
        guard request.headers.contains("Cookie"), !carriesKey(request),
            let session = console.session(of: request)
        else { return .passOn }
        if ![.get, .head, .options].contains(request.method) {
            if Console.isCrossOrigin(request) { return .refuse(console.crossOriginRefusal()) }
            let sent = request.headers[Console.csrfHeader] ?? ""
            guard ConstantTime.equals(sent, session.csrf) else {
                return .refuse(
                    console.errorResponse(
                        403,
                        "missing or wrong CSRF token: a console request that changes data sends the "
                            + "session's token in \(Console.csrfHeader)"))
            }
        }
        var keyed = request
        console.keys.actAs(&keyed, session.key)
        return .withKey(keyed)
    }

    /// A request that names its own key keeps it: the cookie is not consulted. A header the key
    /// check does not read as a key (`Authorization: Basic ...`) is no key.
    func carriesKey(_ request: HTTPRequest) -> Bool {
        console.keys.presentedKey(request) != nil
    }
}
