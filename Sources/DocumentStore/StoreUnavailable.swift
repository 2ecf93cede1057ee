/// The database behind the store cannot be reached right now (a server database restarting,
/// down, or every connection busy): the request may succeed if repeated later. The HTTP API
/// answers 503 with `Retry-After: retryAfterSeconds`.
public struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
    /// What the engine saw, for the log and the client's message.
    public let reason: String
    /// When a client should try again.
    public let retryAfterSeconds: Int

    public init(reason: String, retryAfterSeconds: Int = 1) {
        self.reason = reason
        self.retryAfterSeconds = retryAfterSeconds
    }

    public var description: String {
        "The database is unavailable (\(reason)); try again in \(retryAfterSeconds) s."
    }
}
