#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything the server needs to know before it starts.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind: numeric IPv4 or IPv6 (`::` for all), or a resolvable name.
    public var host: String
    /// Port to bind; 0 picks a free one (read it from `start()` or `HTTPServer.port`).
    public var port: Int
    /// Threads that wait for events, parse and run handlers; one slow handler holds one.
    public var workerThreads: Int
    public var limits: HTTPLimits
    /// Time from a connection's first byte (or its accept) to the end of the request headers;
    /// also the longest pause while a body or a response is in transit.
    public var headerTimeout: Duration
    /// How long a keep-alive connection may sit between requests.
    public var idleTimeout: Duration
    /// One line per request on stderr.
    public var accessLog: Bool
    /// Start-up and shutdown lines (address, open-file limit) on stderr.
    public var serverLog: Bool
    /// The `Server` header value.
    public var serverName: String
    /// The `listen()` backlog.
    public var backlog: Int32
    /// Renders the answers to requests the parser refuses; the default is plain text.
    public var errorRenderer: HTTPErrorRenderer

    public init(
        host: String = "127.0.0.1", port: Int = 8080, workerThreads: Int? = nil,
        limits: HTTPLimits = HTTPLimits(),
        headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), accessLog: Bool = true,
        serverLog: Bool = true, serverName: String = "restlite", backlog: Int32 = 4096,
        errorRenderer: @escaping HTTPErrorRenderer = HTTPErrorRendering.plainText
    ) {
        self.host = host
        self.port = port
        self.workerThreads = workerThreads ?? max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        self.limits = limits
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.accessLog = accessLog
        self.serverLog = serverLog
        self.serverName = serverName
        self.backlog = backlog
        self.errorRenderer = errorRenderer
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, attoseconds > 0 ? 1 : 0)
    }
}
