import PlatformSupport

/// A blocking listening socket on 127.0.0.1, for test servers that must write exact bytes
/// (the HTTP server itself uses its own non-blocking event loop).
public final class TCPListener {
    /// The bound port (the system's choice when 0 was asked for).
    public let port: Int
    private let listener: LoopbackListener

    /// Listens on 127.0.0.1:`port` (0: any free port).
    public init(port: Int = 0) throws {
        listener = try LoopbackListener(port: port)
        self.port = listener.port
    }

    /// The next connection, whose sends and reads wait at most `timeout`; throws
    /// ``TCPSocket/Failure/timedOut`` if none arrives in that time.
    func accept(timeout: Duration) throws -> TCPSocket {
        try listener.accept(timeout: timeout)
    }

    /// Stops listening, waking a thread blocked in ``accept(timeout:)``; later calls do nothing.
    public func close() { listener.close() }
}
