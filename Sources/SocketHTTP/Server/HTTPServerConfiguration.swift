#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Renders the server's own answers to malformed or oversized requests (400, 413, 414, 431,
/// 501, 505), so the API layer can keep one error shape.
public typealias HTTPProtocolErrorRenderer =
    @Sendable (_ status: HTTPStatus, _ message: String) -> HTTPResponse

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
    /// Renders protocol-error responses; the default is JSON `{"name","message","status"}`.
    public var errorRenderer: HTTPProtocolErrorRenderer

    public init(
        host: String = "127.0.0.1", port: Int = 8080, workerThreads: Int? = nil,
        limits: HTTPLimits = HTTPLimits(),
        headerTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60), accessLog: Bool = true,
        serverLog: Bool = true, serverName: String = "restlite", backlog: Int32 = 4096,
        errorRenderer: @escaping HTTPProtocolErrorRenderer = HTTPServerConfiguration.jsonError
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

    /// `{"name":"BadRequest","message":"...","status":400}` as `application/json`.
    @Sendable public static func jsonError(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let name = status.reason.filter { $0.isLetter }
        let body = #"{"name":"\#(name)","message":"\#(escapeJSON(message))","status":\#(status.code)}"#
        return .json(status, body)
    }

    private static func escapeJSON(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 for any positive duration.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, attoseconds > 0 ? 1 : 0)
    }
}
