import DocumentJSON
import SocketHTTP

extension RestError: HTTPResponseConvertible {
    /// The error body in restdb's shape, written by `ErrorBody` (the one writer of it).
    public func body() -> [UInt8] {
        ErrorBody(
            name: name, message: message, status: status.code, list: list, requestID: requestID, line: line
        ).bytes()
    }

    /// The answer for this error: its status and JSON body.
    public func httpResponse() -> HTTPResponse {
        .json(status, body())
    }
}
