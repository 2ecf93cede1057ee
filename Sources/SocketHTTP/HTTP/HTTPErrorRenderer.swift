/// Writes the answers the server and the router make up themselves: a request the parser
/// refuses (400, 413, 414, 431, 501, 505), a path no route matches (404), a method no route
/// takes (405), an error nothing rendered (500). SocketHTTP knows no error format of its own;
/// it writes plain text unless the application injects its renderer here, so an API keeps one
/// error shape on every answer.
///
/// ```swift
/// var router = Router()
/// router.errorRenderer = { status, message in .json(status, #"{"error":"\#(status.code)"}"#) }
/// ```
public typealias HTTPErrorRenderer = @Sendable (_ status: HTTPStatus, _ message: String) -> HTTPResponse

/// The renderers SocketHTTP ships.
public enum HTTPErrorRendering {
    /// `text/plain` with the message as the body: the default of the server and the router.
    @Sendable public static func plainText(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        .text(status, message)
    }
}
