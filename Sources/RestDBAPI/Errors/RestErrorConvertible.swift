import DocumentJSON
import DocumentStore
import SocketHTTP

/// An error that knows which `RestError` it is to a restdb client. `ErrorMiddleware` asks this
/// protocol, so a new kind of failure becomes an answer by conforming, not by a new case there.
public protocol RestErrorConvertible: Error {
    var restError: RestError { get }
}

extension RestError: RestErrorConvertible {
    public var restError: RestError { self }
}

extension JSONParseError: RestErrorConvertible {
    public var restError: RestError {
        RestError(.badRequest, "The body is not valid JSON (\(self)); send a JSON object or array.")
    }
}

/// The database is gone for now (a PostgreSQL server restarting): 503 with `Retry-After`, so a
/// client tries again instead of taking it for its own mistake or a crash.
extension StoreUnavailable: HTTPResponseConvertible {
    public func httpResponse() -> HTTPResponse {
        var response = RestError(.serviceUnavailable, description).httpResponse()
        response.headers.set("Retry-After", String(retryAfterSeconds))
        return response
    }
}

extension StoreError: RestErrorConvertible {
    /// restdb's names and statuses for what the store refuses.
    public var restError: RestError {
        switch self {
        case .collectionNotFound, .documentNotFound:
            RestError(.notFound, message)
        case .validation(let fields):
            .validation(fields, message: message)
        case .uniqueViolation(let field, _):
            .validation([FieldError(field: field, message: "must be unique")], message: message)
        case .collectionExists:
            RestError(.conflict, message)
        case .invalidID, .invalidCollectionName, .idMismatch, .badRequest:
            RestError(.badRequest, message)
        }
    }
}
