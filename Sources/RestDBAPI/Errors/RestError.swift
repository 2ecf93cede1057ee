/// An error as restdb clients see it: a status and a JSON body
/// `{"name":"ValidationError","message":"...","status":400,"list":[...]}`.
///
/// Every error that reaches a client is turned into one of these, and its body is written only
/// by `body()`.
public struct RestError: Error, Sendable, Equatable {
    public struct FieldMessage: Sendable, Equatable {
        public let field: String
        public let message: String

        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    public let status: Int
    public let name: String
    public let message: String
    public let list: [FieldMessage]
    /// Set for 500s, so a user can match the answer with the server's log line.
    public let requestID: String?

    public init(
        status: Int, name: String, message: String, list: [FieldMessage] = [], requestID: String? = nil
    ) {
        self.status = status
        self.name = name
        self.message = message
        self.list = list
        self.requestID = requestID
    }

    public static func badRequest(_ message: String) -> RestError {
        RestError(status: 400, name: "BadRequest", message: message)
    }

    public static func validation(_ list: [FieldMessage]) -> RestError {
        let summary = list.map { "\($0.field) \($0.message)" }.joined(separator: "; ")
        return RestError(status: 400, name: "ValidationError", message: summary, list: list)
    }

    public static func unauthorized(_ message: String) -> RestError {
        RestError(status: 401, name: "Unauthorized", message: message)
    }

    public static func forbidden(_ message: String) -> RestError {
        RestError(status: 403, name: "Forbidden", message: message)
    }

    public static func notFound(_ message: String) -> RestError {
        RestError(status: 404, name: "NotFound", message: message)
    }

    public static func methodNotAllowed(_ message: String) -> RestError {
        RestError(status: 405, name: "MethodNotAllowed", message: message)
    }

    public static func conflict(_ message: String) -> RestError {
        RestError(status: 409, name: "Conflict", message: message)
    }

    public static func payloadTooLarge(_ message: String) -> RestError {
        RestError(status: 413, name: "PayloadTooLarge", message: message)
    }

    public static func internalError(requestID: String) -> RestError {
        RestError(
            status: 500, name: "InternalError",
            message:
                "The server failed to answer this request; its log has the details under request id \(requestID).",
            requestID: requestID)
    }
}
