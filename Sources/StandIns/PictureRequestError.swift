import DocumentJSON
import SocketHTTP

/// A picture request the stand-ins cannot draw: 400 with the usual JSON error body.
struct PictureRequestError: Error, HTTPResponseConvertible {
    let message: String

    func httpResponse() -> HTTPResponse {
        .json(.badRequest, ErrorBody(name: "BadRequest", message: message, status: 400).bytes())
    }
}

/// Every drawing turn for large pictures stayed taken for `PictureLimits.drawWait`: 503 with
/// `Retry-After`, the usual JSON error body.
struct PictureBusyError: Error, HTTPResponseConvertible {
    func httpResponse() -> HTTPResponse {
        let body = ErrorBody(
            name: "ServiceUnavailable",
            message: "every drawing turn for large pictures is taken; try again shortly", status: 503)
        var response = HTTPResponse.json(.serviceUnavailable, body.bytes())
        response.headers.set("Retry-After", "2")
        return response
    }
}
