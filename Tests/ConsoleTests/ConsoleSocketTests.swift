import Console
import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import ServerAssembly
import SocketHTTP
import Testing

/// The console's sign-in and a cookie-authorized write across a real socket.
@Suite(.offPool) struct ConsoleSocketTests {
    @Test func signInLinkThenCookieAndTokenWriteOverTheWire() async throws {
        let server = try await ConsoleServer()
        let port = try server.server.start()
        defer { server.server.http.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: port, timeout: .seconds(5))
        defer { client.close() }

        let link = try #require(server.server.console).signInLink(base: "", key: server.fullKey)
        try client.send("GET \(link) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        let redirect = try client.readResponse()
        #expect(redirect.status == 303)
        // Typed one step at a time: as one optional chain in `#require` this line alone took
        // over 2 s to type-check.
        let setCookie: String = try #require(redirect.headers["Set-Cookie"])
        let cookie = String(setCookie.prefix { $0 != ";" })

        try client.send(
            "GET /_console/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie)\r\n\r\n")
        let session = try client.readResponse()
        #expect(session.status == 200)
        let csrf = try #require(try JSON.parse(session.body)["csrf"]?.stringValue)

        let body = #"{"catName":"Wire"}"#
        try client.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Cookie: \(cookie)\r\nX-CSRF-Token: \(csrf)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(try client.readResponse().status == 201)

        try client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/html\r\n\r\n")
        let page = try client.readResponse()
        #expect(page.status == 200)
        #expect(page.headers["X-Frame-Options"] == "DENY")
    }
}
