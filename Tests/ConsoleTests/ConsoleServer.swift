import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import ServerAssembly
import SocketHTTP

/// A `restlite serve` in a temporary data folder (a3cats seeded, a full-access key written),
/// answered in-process; `remove()` deletes the folder.
final class ConsoleServer {
    let server: RestliteServer
    let folder: String
    let fullKey: String

    init(console: Bool = true) async throws {
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.quiet = true
        configuration.console = console
        configuration.dataDirectory = NSTemporaryDirectory() + "restlite-console-\(UUID().uuidString)"
        folder = configuration.dataDirectory
        server = try await RestliteServer.open(configuration)
        fullKey = server.keys.keys.first(where: \.full)?.key ?? ""
    }

    deinit { remove() }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    func request(
        _ method: HTTPMethod, _ target: String, headers: [(String, String)] = [], body: String = ""
    ) -> HTTPResponse {
        var fields = HTTPHeaders([(name: "Host", value: "127.0.0.1:8080")])
        for (name, value) in headers { fields.add(name, value) }
        return server.responder.respond(
            to: HTTPRequest(method: method, target: target, headers: fields, body: Array(body.utf8)))
    }

    /// Signs in with `key` and returns the cookie header value and the CSRF token.
    func signIn(key: String? = nil) throws -> (cookie: String, csrf: String) {
        let answer = request(.post, "/_console/session", body: #"{"key":"\#(key ?? fullKey)"}"#)
        guard answer.status == .ok, let setCookie = answer.headers["Set-Cookie"],
            let csrf = try JSON.parse(answer.body)["csrf"]?.stringValue
        else { throw SignInFailed(status: answer.status.code) }
        return (String(setCookie.split(separator: ";")[0]), csrf)
    }

    struct SignInFailed: Error { let status: Int }
}

extension HTTPResponse {
    func json() throws -> JSONValue { try JSON.parse(body) }
}
