/// A response from a responder. The server adds `Date`, `Server` (unless set),
/// `Content-Length` and `Connection` itself, so handlers set only what is theirs.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// When true the server closes the connection without sending anything (a test fault that
    /// stands for a network failure). Default false.
    public var dropsConnection = false
    /// Milliseconds the server waits between sending the head and the body (a test fault that
    /// stands for a slow network). Default 0.
    public var bodyDelayMilliseconds = 0
    /// Set for a streamed answer (see `stream(status:headers:open:)`): the server sends the head
    /// without `Content-Length`, keeps the connection and hands its `StreamSink` to `open`.
    public var stream: StreamOpener?
    /// When set, the body is this file's bytes (`body` is then ignored): the server sends them
    /// a piece at a time as the client takes them, so a large answer is never held whole per
    /// connection, however slowly the client reads. The file may be shared by many answers.
    public var bodyFile: HTTPBodyFile?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response (`application/json; charset=utf-8`) with `body` as already-encoded text.
    public static func json(_ status: HTTPStatus = .ok, _ body: String) -> HTTPResponse {
        json(status, Array(body.utf8))
    }

    /// A JSON response with already-encoded bytes.
    public static func json(_ status: HTTPStatus = .ok, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
    }

    /// A plain-text response (`text/plain; charset=utf-8`).
    public static func text(_ status: HTTPStatus = .ok, _ body: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Array(body.utf8))
    }

    /// A response with no body.
    public static func empty(_ status: HTTPStatus) -> HTTPResponse {
        HTTPResponse(status: status)
    }

    /// A response whose body is `file`'s bytes, sent a piece at a time (see `bodyFile`).
    public static func file(_ status: HTTPStatus = .ok, headers: HTTPHeaders, _ file: HTTPBodyFile)
        -> HTTPResponse
    {
        var response = HTTPResponse(status: status, headers: headers)
        response.bodyFile = file
        return response
    }

    /// Bytes of the body: the file's when there is one.
    public var bodyCount: Int { bodyFile?.count ?? body.count }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyString: String { String(decoding: body, as: UTF8.self) }
}
