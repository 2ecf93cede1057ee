import PlatformSupport
import SocketHTTP

/// The one place failures become answers: an error that knows its restdb answer
/// (`RestErrorConvertible`) is sent as restdb's JSON error body, one that knows its HTTP answer
/// (`HTTPResponseConvertible`) as that; anything else becomes a 500 that carries the request id,
/// logged once to stderr with the same id.
struct ErrorMiddleware: HTTPMiddleware {
    let logErrors: Bool

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        do {
            return try next(head)
        } catch let error as any RestErrorConvertible {
            return error.restError.httpResponse()
        } catch let error as any HTTPResponseConvertible {
            return error.httpResponse()
        } catch {
            return nil  // the whole request meets it again and is answered (and logged) then
        }
    }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try next(request)
        } catch let error as any RestErrorConvertible {
            return error.restError.httpResponse()
        } catch let error as any HTTPResponseConvertible {
            return error.httpResponse()
        } catch {
            if logErrors {
                StandardErrorLine.emit(
                    "restlite: error \(request.requestID) \(request.method.rawValue) \(request.path): \(error)"
                )
            }
            return RestError.internalError(requestID: request.requestID).httpResponse()
        }
    }
}
