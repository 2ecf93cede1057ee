import SocketHTTP

/// A picture request the stand-ins cannot draw: 400 with the usual JSON error body.
struct PictureRequestError: Error, HTTPResponseConvertible {
    let message: String

    func httpResponse() -> HTTPResponse {
        .json(.badRequest, #"{"name":"BadRequest","message":"\#(Self.escaped(message))","status":400}"#)
    }

    /// `text` as the inside of a JSON string.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Every drawing turn for large pictures stayed taken for `PictureLimits.drawWait`: 503 with
/// `Retry-After`, the usual JSON error body.
struct PictureBusyError: Error, HTTPResponseConvertible {
    func httpResponse() -> HTTPResponse {
        var response = HTTPResponse.json(
            .serviceUnavailable,
            #"{"name":"ServiceUnavailable","message":"every drawing turn for large pictures is taken; try again shortly","status":503}"#
        )
        response.headers.set("Retry-After", "2")
        return response
    }
}
