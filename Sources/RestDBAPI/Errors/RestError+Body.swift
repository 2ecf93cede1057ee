import DocumentStore
import SocketHTTP

extension RestError: HTTPResponseConvertible {
    /// The one place an error body is written: compact JSON in restdb's shape.
    public func body() -> [UInt8] {
        var object: JSONObject = [
            "name": .string(name), "message": .string(message), "status": .number(JSONNumber(status.code)),
        ]
        if !list.isEmpty {
            object["list"] = .array(
                list.map { .object(["field": .string($0.field), "message": .string($0.message)]) })
        }
        if let requestID { object["requestId"] = .string(requestID) }
        if let line { object["line"] = .number(JSONNumber(line)) }
        var bytes: [UInt8] = []
        object.write(to: &bytes)
        return bytes
    }

    /// The answer for this error: its status and JSON body.
    public func httpResponse() -> HTTPResponse {
        .json(status, body())
    }
}
