import DocumentStore

extension RestError {
    /// The one place an error body is written: compact JSON in restdb's shape.
    public func body() -> [UInt8] {
        var object: JSONObject = [
            "name": .string(name), "message": .string(message), "status": .number(JSONNumber(status)),
        ]
        if !list.isEmpty {
            object["list"] = .array(
                list.map { .object(["field": .string($0.field), "message": .string($0.message)]) })
        }
        if let requestID { object["requestId"] = .string(requestID) }
        var bytes: [UInt8] = []
        object.write(to: &bytes)
        return bytes
    }

    /// restdb's error name for a status that has no more specific name.
    public static func name(forStatus status: Int) -> String {
        switch status {
        case 400: "BadRequest"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "NotFound"
        case 405: "MethodNotAllowed"
        case 408: "RequestTimeout"
        case 409: "Conflict"
        case 413: "PayloadTooLarge"
        case 414: "URITooLong"
        case 415: "UnsupportedMediaType"
        case 431: "RequestHeaderFieldsTooLarge"
        case 505: "HTTPVersionNotSupported"
        default: status >= 500 ? "InternalError" : "Error"
        }
    }
}
