import Testing

@testable import SocketHTTP

/// The bytes of a response head, exactly: the status line, the server's fields, the handler's
/// in order (a `Server` of its own among them), the length, and the connection field only where
/// it is needed.
@Suite struct ResponseHeadTests {
    private let date = Array("Fri, 27 Nov 2026 19:00:00 GMT".utf8)

    private func head(_ response: HTTPResponse, keepAlive: Bool = true, version: HTTPVersion = .http1_1)
        -> String
    {
        let bytes = HTTPResponseHead.serialize(
            response, keepAlive: keepAlive, version: version, date: date, serverName: "restlite")
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aHandlersAnswerHasTheStatusLineTheServersFieldsItsOwnAndTheLength() {
        var response = HTTPResponse.text(.ok, "hello")
        response.headers.set("Content-Length", "999")  // the server's to write
        response.headers.add("X-Total-Count", "3")
        #expect(
            head(response)
                == "HTTP/1.1 200 OK\r\nDate: Fri, 27 Nov 2026 19:00:00 GMT\r\nServer: restlite\r\n"
                + "X-Content-Type-Options: nosniff\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "X-Total-Count: 3\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func lengthsConnectionsAndBodilessStatuses() {
        let large = HTTPResponse(
            status: .ok, headers: ["Server": "other"], body: [UInt8](repeating: 1, count: 1_234_567))
        #expect(
            head(large, keepAlive: false)
                == "HTTP/1.1 200 OK\r\nDate: Fri, 27 Nov 2026 19:00:00 GMT\r\nX-Content-Type-Options: nosniff\r\n"
                + "Server: other\r\nContent-Length: 1234567\r\nConnection: close\r\n\r\n")
        let empty = HTTPResponse(status: .notFound, headers: [:], body: [])
        #expect(
            head(empty, version: .http1_0).hasSuffix("Content-Length: 0\r\nConnection: keep-alive\r\n\r\n"))
        #expect(head(empty).hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        let none = HTTPResponse(status: .noContent, headers: [:], body: [])
        #expect(!head(none).contains("Content-Length"))
        #expect(head(none).hasPrefix("HTTP/1.1 204 No Content\r\n"))
    }
}
