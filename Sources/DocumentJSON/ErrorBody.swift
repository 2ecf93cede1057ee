/// restdb's JSON error body, written here once for every module that answers an error:
/// `{"name":"ValidationError","message":"...","status":400,"list":[...]}`. `RestDBAPI`'s
/// `RestError` and the stand-ins' picture errors both answer with it, so a client reads the
/// same shape, escaped the same way, whoever refused the request.
///
/// ```swift
/// ErrorBody(name: "BadRequest", message: "width must be a whole number", status: 400).bytes()
/// // {"name":"BadRequest","message":"width must be a whole number","status":400}
/// ```
public struct ErrorBody: Sendable, Hashable {
    /// restdb's error name: `BadRequest`, `NotFound`, `ValidationError`, ...
    public var name: String
    public var message: String
    /// The HTTP status code, repeated in the body.
    public var status: Int
    /// The fields at fault (`list`), left out when empty.
    public var list: [FieldError]
    /// `requestId`, for a 500 a user can match with the server's log line.
    public var requestID: String?
    /// `line`, the line of an uploaded file at fault.
    public var line: Int?

    public init(
        name: String, message: String, status: Int, list: [FieldError] = [], requestID: String? = nil,
        line: Int? = nil
    ) {
        self.name = name
        self.message = message
        self.status = status
        self.list = list
        self.requestID = requestID
        self.line = line
    }

    /// The compact JSON text, members in restdb's order.
    public func bytes() -> [UInt8] {
        var object: JSONObject = [
            "name": .string(name), "message": .string(message), "status": .number(JSONNumber(status)),
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
}
