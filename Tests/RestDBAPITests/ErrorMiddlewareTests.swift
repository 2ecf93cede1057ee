import DocumentJSON
import DocumentStore
import SocketHTTP
import Testing

@testable import RestDBAPI

@Suite struct ErrorMiddlewareTests {
    struct Surprise: Error {}

    /// An error of another surface that knows its own answer.
    struct Teapot: HTTPResponseConvertible {
        func httpResponse() -> HTTPResponse { .text(HTTPStatus(code: 418), "short and stout") }
    }

    /// A failure that names its restdb answer without being a `RestError`.
    struct Gone: RestErrorConvertible {
        var restError: RestError { RestError(HTTPStatus(code: 410), "gone away") }
    }

    func respond(throwing error: any Error) -> HTTPResponse {
        var router = Router()
        router.use(ErrorMiddleware(logErrors: false))
        router.get("/boom") { _ in throw error }
        return router.freeze().respond(to: HTTPRequest(method: .get, target: "/boom", requestID: "req-42"))
    }

    @Test func anUnreachableDatabaseIs503WithRetryAfter() throws {
        let response = respond(throwing: StoreUnavailable(reason: "connection refused", retryAfterSeconds: 2))
        #expect(response.status.code == 503)
        #expect(response.headers["Retry-After"] == "2")
        let body = try JSON.parse(response.body)
        #expect(body["message"]?.stringValue?.contains("connection refused") == true)
    }

    @Test func anUnexpectedErrorIsA500CarryingTheRequestID() throws {
        let response = respond(throwing: Surprise())
        #expect(response.status.code == 500)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let body = try JSON.parse(response.body)
        #expect(body["name"] == "InternalError")
        #expect(body["requestId"] == "req-42")
        #expect(body["message"]?.stringValue?.contains("req-42") == true)
        #expect(!response.bodyString.contains("Surprise"))
    }

    @Test(arguments: [
        (StoreError.documentNotFound("x"), 404, "NotFound"), (.invalidID("x"), 400, "BadRequest"),
        (.collectionNotFound("dogs", existing: ["a3cats"]), 404, "NotFound"),
        (.validation([FieldError(field: "rating", message: "must be a number")]), 400, "ValidationError"),
        (.uniqueViolation(field: "catName", value: "Tom"), 400, "ValidationError"),
        (.collectionExists("a3cats"), 409, "Conflict"), (.badRequest("no"), 400, "BadRequest"),
    ])
    func storeErrorsMapToRestdbNamesAndStatuses(error: StoreError, status: Int, name: String) throws {
        let response = respond(throwing: error)
        #expect(response.status.code == status)
        let body = try JSON.parse(response.body)
        #expect(body["name"]?.stringValue == name)
        #expect(body["message"]?.stringValue == error.message)
    }

    @Test func malformedJSONIsABadRequestNamingThePosition() throws {
        let parseError: any Error
        do {
            _ = try JSON.parse("{\"a\":}")
            return
        } catch {
            parseError = error
        }
        let body = try JSON.parse(respond(throwing: parseError).body)
        #expect(body["name"] == "BadRequest")
        #expect(body["message"]?.stringValue?.contains("line 1, column 6") == true)
    }

    @Test func errorsThatKnowTheirAnswerAreSentAsItIs() throws {
        let teapot = respond(throwing: Teapot())
        #expect(teapot.status.code == 418)
        #expect(teapot.bodyString == "short and stout")
        let gone = respond(throwing: Gone())
        #expect(gone.status.code == 410)
        #expect(gone.bodyString == #"{"name":"Error","message":"gone away","status":410}"#)
    }

    @Test func aUniqueViolationListsItsField() throws {
        let response = respond(throwing: StoreError.uniqueViolation(field: "catName", value: "Tom"))
        let body = try JSON.parse(response.body)
        #expect(body["list"] == [["field": "catName", "message": "must be unique"]])
    }
}
