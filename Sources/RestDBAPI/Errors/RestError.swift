import DocumentJSON
import DocumentStore
import SocketHTTP

/// An error as restdb clients see it: a status and a JSON body
/// `{"name":"ValidationError","message":"...","status":400,"list":[...]}`.
///
/// Every error that reaches a client is turned into one of these (`RestErrorConvertible`), and
/// its body is written only by `body()`.
///
/// ```swift
/// throw RestError(.forbidden, "Only a full-access key may do this; this key is scoped.")
/// ```
public struct RestError: Error, Sendable, Equatable {
    public let status: HTTPStatus
    /// restdb's error name: the status's (`NotFound`) or `ValidationError`.
    public let name: String
    public let message: String
    /// The fields that failed validation, each with its reason: the store's own `FieldError`,
    /// so what the store refused reaches the client as it is, without a copy per layer.
    public let list: [FieldError]
    /// Set for 500s, so a user can match the answer with the server's log line.
    public let requestID: String?
    /// The line of an uploaded file at fault (imports), so the console can point at it.
    public private(set) var line: Int?

    /// An error named after its status (`RestError(.notFound, "...")` is a `NotFound`).
    public init(_ status: HTTPStatus, _ message: String) {
        self.init(status: status, name: Self.name(for: status), message: message)
    }

    private init(
        status: HTTPStatus, name: String, message: String, list: [FieldError] = [], requestID: String? = nil
    ) {
        self.status = status
        self.name = name
        self.message = message
        self.list = list
        self.requestID = requestID
    }

    /// A 400 `ValidationError` listing the fields at fault; `message` defaults to the list as
    /// one sentence (`"weightKg must be a number; name is required"`).
    public static func validation(_ list: [FieldError], message: String? = nil) -> RestError {
        let summary = message ?? list.map(\.description).joined(separator: "; ")
        return RestError(status: .badRequest, name: "ValidationError", message: summary, list: list)
    }

    /// A 400 for an uploaded file that cannot be imported, naming its line when known.
    public static func badFile(_ message: String, line: Int?) -> RestError {
        var error = RestError(.badRequest, message)
        error.line = line
        return error
    }

    /// The 500 for a failure inside the server; the message points at the log line.
    public static func internalError(requestID: String) -> RestError {
        RestError(
            status: .internalServerError, name: name(for: .internalServerError),
            message:
                "The server failed to answer this request; its log has the details under request id \(requestID).",
            requestID: requestID)
    }

    /// restdb's error name for a status: the one table of them.
    static func name(for status: HTTPStatus) -> String {
        names[status.code] ?? (status.code >= 500 ? "InternalError" : "Error")
    }

    private static let names: [Int: String] = [
        400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound", 405: "MethodNotAllowed",
        408: "RequestTimeout", 409: "Conflict", 413: "PayloadTooLarge", 414: "URITooLong",
        415: "UnsupportedMediaType", 416: "RangeNotSatisfiable", 431: "RequestHeaderFieldsTooLarge",
        505: "HTTPVersionNotSupported",
    ]
}
