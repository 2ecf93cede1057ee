#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call on a socket failed; carries the call and errno so the message says why.
///
/// `description` reads like `bind() failed: Address already in use (errno 98)`.
public struct SocketError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The failing call, e.g. `"bind"`.
    public let call: String
    /// The errno it left.
    public let errno: Int32
    /// Extra text when errno alone does not explain (e.g. a getaddrinfo message).
    public let detail: String?

    public init(call: String, errno: Int32, detail: String? = nil) {
        self.call = call
        self.errno = errno
        self.detail = detail
    }

    /// The error of `call` from the current errno.
    static func last(_ call: String) -> SocketError {
        SocketError(call: call, errno: System.errno)
    }

    public var description: String {
        let reason = detail ?? String(cString: strerror(errno))
        return "\(call)() failed: \(reason) (errno \(errno))"
    }
}
