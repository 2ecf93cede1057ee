/// What a streamed response does once its head is on its way: it receives the connection's
/// `StreamSink` and keeps it (to `send` from any thread) or lets it go. Called on a worker
/// thread, so it must return promptly.
public struct StreamOpener: Sendable {
    public let open: @Sendable (StreamSink) -> Void
    /// Most bytes the sink holds for a client that is not reading; past it the sink closes.
    public let bufferLimit: Int

    public init(bufferLimit: Int = 1 << 20, _ open: @escaping @Sendable (StreamSink) -> Void) {
        self.open = open
        self.bufferLimit = bufferLimit
    }
}

extension HTTPResponse {
    /// A response whose body is pushed later, for as long as both sides keep the connection
    /// (Server-Sent Events, for instance). The head goes out without `Content-Length` and with
    /// `Connection: close`: the body ends when the connection does. Idle timeouts do not apply
    /// to a streaming connection; the application decides when it ends (`StreamSink.close()`).
    /// A client that lets more than `bufferLimit` bytes pile up is disconnected.
    ///
    /// ```swift
    /// router.get("/clock") { _ in
    ///     .stream(headers: ["Content-Type": "text/event-stream"]) { sink in clocks.add(sink) }
    /// }
    /// ```
    public static func stream(
        status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), bufferLimit: Int = 1 << 20,
        open: @escaping @Sendable (StreamSink) -> Void
    ) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.stream = StreamOpener(bufferLimit: bufferLimit, open)
        return response
    }
}
