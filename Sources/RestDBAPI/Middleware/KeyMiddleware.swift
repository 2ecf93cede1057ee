import DocumentStore
import SocketHTTP

/// Checks the API key of every request under `/rest` and `/media`: no key is 401, an unknown
/// key or one whose scope does not cover the request is 403. Reading a media file
/// (`GET /media/<id>`, thumbnails too) needs no key, as on restdb, where pictures are shown by
/// plain `<img src>` links; its metadata, uploads and deletes do. Under `/_restlite` (restlite's
/// own admin, keys and transfer routes) only full-access keys get through.
///
/// It resolves the request's `Caller` once, from its key or the console session a middleware
/// outside it attached, decides with it, and passes it on (`request.caller`) to the routes.
struct KeyMiddleware: HTTPMiddleware {
    let keys: KeyRing
    /// Refuse `Authorization: Bearer`, which restdb.io does not accept (restlite's choice).
    var strict = false
    /// One worker's copies of the keys (`replica()`); nil in the router every worker shares.
    var copies: KeyRing.WorkerCopies?

    init(keys: KeyRing, strict: Bool = false) {
        self.keys = keys
        self.strict = strict
    }

    /// The key check of one worker: the callers it makes hold that worker's copies of the keys,
    /// whose reference counts no other core writes (each request copies its caller three times).
    func replica() -> any HTTPMiddleware {
        var replica = self
        replica.copies = KeyRing.WorkerCopies()
        return replica
    }

    private func caller(of request: HTTPRequest) -> Caller {
        guard let copies else { return keys.caller(of: request) }
        return keys.caller(of: request, copies: copies)
    }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        let caller = caller(of: request)
        var request = request
        request.attributes[Caller.self] = caller
        if let refusal = adminRefusal(request, caller) { throw refusal }
        guard Self.hasScopePath(request) else { return try next(request) }
        if let refusal = refusal(request, caller) { throw refusal }
        do {
            return try next(request)
        } catch StoreError.collectionNotFound(let name, let existing) {
            // The list of existing collections names only those this key may read.
            let visible = existing.filter {
                caller.decision(method: "GET", path: "/" + $0, origin: request.headers["Origin"]) == .allowed
            }
            guard visible.isEmpty, !existing.isEmpty else {
                throw StoreError.collectionNotFound(name, existing: visible)
            }
            // Not "there are none yet": there are, only none this key may read.
            throw RestError(.notFound, "Collection '\(name)' does not exist; check the name.")
        }
    }

    /// Keys travel in headers and the query string, so a request without a valid key is
    /// refused from its head, before a byte of its body is read.
    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        let caller = caller(of: head)
        var head = head
        head.attributes[Caller.self] = caller
        if let refusal = adminRefusal(head, caller) { throw refusal }
        if head.firstPathSegment == "realtime", head.method != .options,
            let refusal = Self.realtimeRefusal(
                caller, method: head.method == .post ? "POST" : "GET", origin: head.headers["Origin"])
        {
            throw refusal
        }
        if Self.hasScopePath(head), let refusal = refusal(head, caller) { throw refusal }
        return try next(head)
    }

    /// Why the key of a request under `/rest` or `/media` (one with a `scopePath`) does not let
    /// it through; nil when it does. A full-access key goes anywhere, so its request's scope path
    /// is never written out.
    private func refusal(_ request: HTTPRequest, _ caller: Caller) -> RestError? {
        if let twice = Self.keyGivenTwice(request) { return twice }
        if strict, request.headers["x-apikey"]?.isEmpty != false, request.queryValue("apikey") == nil,
            Self.bearerKey(request) != nil
        {
            return RestError(
                .unauthorized,
                "Authorization: Bearer is not accepted in strict mode (restdb.io does not take it); "
                    + "send the key in the x-apikey header or the apikey parameter.")
        }
        if caller.hasFullAccess { return nil }
        guard let scopePath = Self.scopePath(request) else { return nil }
        let method = request.method == .head ? "GET" : request.method.rawValue
        let origin = request.headers["Origin"]
        switch caller.decision(method: method, path: scopePath, origin: origin) {
        case .allowed:
            return nil
        case .missing:
            return RestError(
                .unauthorized,
                "This request has no API key; send it in the x-apikey header (or ?apikey=, or Authorization: Bearer)."
            )
        case .unknown:
            return RestError(
                .forbidden,
                "The API key is not known to this server; use a key that `restlite keys list` shows.")
        case .outOfScope:
            let why = caller.scopeRefusal(method: method, path: scopePath, origin: origin)
            return RestError(
                .forbidden,
                "The API key does not allow \(method) on \(scopePath)\(why.map { ": \($0)" } ?? ""); "
                    + "use a key whose scope covers it.")
        }
    }

    /// Whether the head of this request is refused without a key (or a console session standing
    /// for one): `/rest`, `/_restlite`, `/realtime` and `/media` but reading a file, preflights
    /// excepted. Every other request is keyless and takes small bodies only
    /// (`RestAPI.keylessBodyLimit`), held apart from the keyed requests' buffered bytes.
    static func needsKey(_ head: HTTPRequest) -> Bool {
        guard head.method != .options else { return false }
        switch head.firstPathSegment {
        case "rest", "_restlite", "realtime": return true
        case "media": return hasScopePath(head)
        default: return false
        }
    }

    /// Why a `/realtime` request may not go on: any known key may listen, publishing (`POST`)
    /// needs a full-access key or one whose scope allows POST on `/realtime`.
    static func realtimeRefusal(_ caller: Caller, method: String, origin: String?) -> RestError? {
        switch caller.decision(method: method, path: "/realtime", origin: origin) {
        case .missing:
            return RestError(
                .unauthorized,
                "This request has no API key; send it as ?apikey= (EventSource cannot send headers) or in x-apikey."
            )
        case .allowed: return nil
        case .unknown:
            return RestError(
                .forbidden,
                "The API key is not known to this server; use a key that `restlite keys list` shows.")
        case .outOfScope:
            guard method == "GET" else {
                return RestError(
                    .forbidden,
                    "Only a full-access key, or a key whose scope allows POST on /realtime, may publish.")
            }
            return nil
        }
    }

    /// The path a key's scope glob is matched against; nil when the request needs no key. Media
    /// requests are matched as `/_media/...` (`POST /media` as `/_media`, `DELETE /media/ID` as
    /// `/_media/ID`): a key scoped to `/a3cats/**` may not upload, one scoped to `/**` or
    /// `/_media/**` may. (A collection named `_media` would share that scope.)
    /// Whether `scopePath` has an answer, without writing the path out.
    static func hasScopePath(_ request: HTTPRequest) -> Bool {
        let segments = request.pathSegments
        switch segments.first {
        case "rest": return true
        case "media": return !((request.method == .get || request.method == .head) && segments.count == 2)
        default: return false
        }
    }

    static func scopePath(_ request: HTTPRequest) -> String? {
        guard hasScopePath(request) else { return nil }
        let segments = request.pathSegments
        if let rest = pathAfterRest(segments) { return rest }
        return "/_media" + segments.dropFirst().map { "/" + $0 }.joined()
    }

    /// Why a request under `/_restlite` may not go on: it needs a full-access key. A preflight
    /// (`OPTIONS`) needs none.
    private func adminRefusal(_ request: HTTPRequest, _ caller: Caller) -> RestError? {
        guard request.firstPathSegment == "_restlite", request.method != .options else { return nil }
        // The index of the routes lists routes, not data: a browser follows the banner's link.
        if request.pathSegments == ["_restlite"], request.method == .get || request.method == .head {
            return nil
        }
        if let twice = Self.keyGivenTwice(request) { return twice }
        if caller.hasFullAccess { return nil }
        switch caller.decision(method: "GET", path: "/", origin: nil) {
        case .missing:
            return RestError(
                .unauthorized,
                "This request has no API key; /_restlite/ routes need a full-access key in x-apikey.")
        case .unknown:
            return RestError(
                .forbidden,
                "The API key is not known to this server; use a key that `restlite keys list` shows.")
        case .allowed, .outOfScope:
            return RestError(
                .forbidden, "Only a full-access key may use /_restlite/ routes; this key is scoped.")
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
    /// Two `x-apikey` headers, or two `apikey` parameters, leave it open which key was meant
    /// (a proxy may add one): 400, as for two `Host` headers.
    static func keyGivenTwice(_ request: HTTPRequest) -> RestError? {
        if request.headers.count(of: "x-apikey") > 1 {
            return RestError(
                .badRequest, "Send the x-apikey header once; this request has it more than once.")
        }
        if request.queryCount("apikey") > 1 {
            return RestError(
                .badRequest, "Send the apikey parameter once; this request has it more than once.")
        }
        return nil
    }

    static func presentedKey(_ request: HTTPRequest) -> String? {
        if let header = request.headers["x-apikey"], !header.isEmpty { return header }
        if let bearer = bearerKey(request) { return bearer }
        return request.queryValue("apikey")
    }

    /// The key of `Authorization: Bearer <key>`, if the request has one.
    static func bearerKey(_ request: HTTPRequest) -> String? {
        guard let authorization = request.headers["Authorization"] else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingASCIIWhitespace()
    }
}
