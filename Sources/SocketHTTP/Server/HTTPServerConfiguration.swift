import PlatformSupport

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
    /// Most request bytes held in memory across all connections (heads and bodies not yet
    /// answered). A read that would go past it is answered 503 with `Retry-After: 1`, and the
    /// connection closes.
    public var maxBufferedBytes = 256 * 1024 * 1024
    /// Most bytes held across all connections by bodies under a responder's `bodyLimit`
    /// (requests that need no key): a pool apart from `maxBufferedBytes`, so such requests
    /// never make others wait. Past it, 503 with `Retry-After: 1`.
    public var maxSmallBodyBytes = 16 * 1024 * 1024
    /// Most response bytes held in memory for clients that do not read fast enough, across
    /// all connections. Past it, the connections whose output has waited longest without the
    /// client taking any are closed until the total is back under. A file body
    /// (`HTTPResponse.bodyFile`) holds at most one 64 KiB piece per connection.
    public var maxQueuedBytes = 64 * 1024 * 1024
    /// The longest a request body may take to arrive, counted from the end of its head: the
    /// connection is answered 408 and closed then, however steadily bytes trickle in.
    public var bodyTimeout: Duration = .seconds(30)
    /// Worker threads at most: when every worker is inside a handler (slow queries), another
    /// is started so cheap requests (`/health`) are still answered, up to this many.
    public var maxWorkerThreads = 64
    /// How long every worker must stay inside a handler, none finishing one, before another
    /// worker starts. Short, so `/health` waits little behind slow queries; a busy server whose
    /// handlers keep finishing starts none.
    public var workerStall: Duration = .milliseconds(10)
    /// Where bodies of routes added with `spoolingBody: true` are written as they arrive, as
    /// unlinked temporary files; nil for `$TMPDIR`, else `/tmp`.
    public var spoolDirectory: String?
    /// Counts the requests inside a handler, for whoever holds the same gauge (nil: not counted).
    public var handlerGauge: HandlerGauge?

    /// `spoolDirectory`, or the system's place for temporary files.
    var resolvedSpoolDirectory: String {
        if let spoolDirectory { return spoolDirectory }
        if let tmp = ProcessInfo.processInfo.environment["TMPDIR"], !tmp.isEmpty { return tmp }
        return "/tmp"
    }

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
        max(wholeMilliseconds, components.attoseconds > 0 ? 1 : 0)
    }
}
