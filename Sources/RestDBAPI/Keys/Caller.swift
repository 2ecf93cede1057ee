import SocketHTTP

/// Who sent a request: decided once, by the key check (`KeyMiddleware`), from the key the
/// request presents (`x-apikey`, `Authorization: Bearer` or `?apikey=`) or from the console
/// session that stands in for one, and carried with the request (`request.caller`) to the
/// routes, which ask it instead of reading headers again.
///
/// ```swift
/// let caller = keys.caller(presenting: "0123456789abcdef01234567")
/// caller.hasFullAccess                                           // true for a full key
/// caller.decision(method: "GET", path: "/a3cats", origin: nil)   // .allowed
/// ```
public struct Caller: Sendable, Equatable {
    /// What the request's credential is.
    public enum Credential: Sendable, Equatable {
        /// No key came with the request.
        case none
        /// A key this server does not know.
        case unknown
        /// A key of this server: full access, or scoped (its methods, path glob and origins).
        case key(APIKey)
    }

    /// How the credential came.
    public enum Channel: Sendable, Equatable {
        /// In the request itself.
        case request
        /// From a console session's cookie, standing in for the session's full-access key.
        case consoleSession
    }

    public let credential: Credential
    public let channel: Channel

    public init(_ credential: Credential, channel: Channel = .request) {
        self.credential = credential
        self.channel = channel
    }

    /// The server's key the caller holds; nil without one.
    public var key: APIKey? {
        if case .key(let key) = credential { return key }
        return nil
    }

    /// A known full-access key (or a console session, whose key always is one).
    public var hasFullAccess: Bool { key?.full ?? false }

    /// Whether this caller may make a request of `method` on `path` (the path after `/rest`,
    /// or a media or realtime scope path) from `origin`.
    public func decision(method: String, path: String, origin: String?) -> KeyDecision {
        switch credential {
        case .none: return .missing
        case .unknown: return .unknown
        case .key(let key):
            return key.permits(method: method, path: path, origin: origin) ? .allowed : .outOfScope
        }
    }

    /// Why the caller's scoped key does not allow this request ("it allows only GET"); nil when
    /// it does or the caller holds no key.
    public func scopeRefusal(method: String, path: String, origin: String?) -> String? {
        key?.scopeRefusal(method: method, path: path, origin: origin)
    }
}

extension KeyRing {
    /// The caller presenting `key` (nil or empty: no key), compared in constant time with every
    /// known key.
    public func caller(presenting key: String?, via channel: Caller.Channel = .request) -> Caller {
        guard let key, !key.isEmpty else { return Caller(.none, channel: channel) }
        return Caller(match(key).map(Caller.Credential.key) ?? .unknown, channel: channel)
    }

    /// The request's caller: the one a middleware attached (a console session), or else the one
    /// its own key makes.
    public func caller(of request: HTTPRequest) -> Caller {
        request.attributes[Caller.self] ?? caller(presenting: KeyMiddleware.presentedKey(request))
    }

    /// `caller(of:)` with the key taken from one worker's `copies` of the keys.
    func caller(of request: HTTPRequest, copies: WorkerCopies) -> Caller {
        if let attached = request.attributes[Caller.self] { return attached }
        guard let key = KeyMiddleware.presentedKey(request), !key.isEmpty else { return Caller(.none) }
        return Caller(match(key, copies: copies).map(Caller.Credential.key) ?? .unknown)
    }
}

extension HTTPRequest {
    /// The caller the key check resolved for this request; nil before the check ran (in a
    /// middleware outside it) or on a server without one.
    public var caller: Caller? { attributes[Caller.self] }
}
