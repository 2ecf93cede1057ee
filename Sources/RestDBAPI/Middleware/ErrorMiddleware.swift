import DocumentStore
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place failures become answers: a `RestError` (or anything that maps to one) is
/// sent as restdb's JSON error body; anything unexpected becomes a 500 that carries the
/// request id, logged once to stderr with the same id.
struct ErrorMiddleware: HTTPMiddleware {
    let logErrors: Bool

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try next(request)
        } catch {
            let restError = RestError(error, requestID: request.requestID)
            if restError.status >= 500, logErrors {
                let line =
                    "restlite: error \(request.requestID) \(request.method.rawValue) \(request.path): \(error)\n"
                _ = line.withCString { write(2, $0, strlen($0)) }  // one unbuffered write, as before
            }
            return restError.response()
        }
    }
}

extension RestError {
    /// The answer for this error: its status and JSON body.
    func response() -> HTTPResponse {
        HTTPResponse.json(HTTPStatus(code: status), body())
    }

    /// Maps what the layers below throw onto restdb's error names and statuses.
    init(_ error: any Error, requestID: String) {
        switch error {
        case let error as RestError: self = error
        case let error as StoreError: self = RestError(store: error)
        case let error as JSONParseError:
            self = .badRequest("The body is not valid JSON (\(error)); send a JSON object or array.")
        default: self = .internalError(requestID: requestID)
        }
    }

    private init(store error: StoreError) {
        switch error {
        case .collectionNotFound, .documentNotFound:
            self = .notFound(error.message)
        case .validation(let fields):
            self = RestError(
                status: 400, name: "ValidationError", message: error.message,
                list: fields.map { FieldMessage(field: $0.field, message: $0.message) })
        case .uniqueViolation(let field, _):
            self = RestError(
                status: 400, name: "ValidationError", message: error.message,
                list: [FieldMessage(field: field, message: "must be unique")])
        case .collectionExists:
            self = .conflict(error.message)
        case .invalidID, .invalidCollectionName, .idMismatch, .badRequest:
            self = .badRequest(error.message)
        }
    }
}
