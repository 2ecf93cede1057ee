import SocketHTTP

/// Starts servers for tests the honest way: 127.0.0.1, port 0, quiet logs.
///
/// ```swift
/// let server = try TestHTTPServer.start(router.freeze())
/// defer { server.shutdown(grace: .seconds(1)) }
/// let client = try RawHTTPClient(port: server.port)
/// ```
public enum TestHTTPServer {
    /// Binds a free loopback port and starts; `configure` may shorten timeouts or limits.
    /// `start()` returns once the socket listens, so clients may connect at once.
    public static func start(
        _ responder: any HTTPResponder, configure: (inout HTTPServerConfiguration) -> Void = { _ in }
    ) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration(
            host: "127.0.0.1", port: 0, workerThreads: 4, accessLog: false, serverLog: false)
        configure(&configuration)
        let server = HTTPServer(configuration: configuration, responder: responder)
        try server.start()
        return server
    }

    /// A server answering every request with `handler`.
    public static func start(
        configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) throws -> HTTPServer {
        try start(ClosureResponder(handler), configure: configure)
    }
}
