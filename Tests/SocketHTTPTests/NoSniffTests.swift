import RestLiteTesting
import SocketHTTP
import Testing

/// `X-Content-Type-Options: nosniff` is on every answer the server sends, written once by the
/// head serialiser: handlers' answers, streams, the parser's and router's errors and the
/// server's own refusals, even when a handler tried to set another value.
@Suite(.offPool) struct NoSniffTests {
    static func nosniffOnce(_ response: RawHTTPResponse) -> Bool {
        response.headers.values(for: "X-Content-Type-Options") == ["nosniff"]
    }

    @Test func handlerAnswersAndParserErrorsCarryNosniff() throws {
        let server = try TestHTTPServer.start { request in
            var response = HTTPResponse.text(.ok, "hello")
            if request.path == "/sniff" { response.headers.set("X-Content-Type-Options", "sniff-me") }
            return response
        }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.nosniffOnce(try client.readResponse()))
        try client.send("GET /sniff HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.nosniffOnce(try client.readResponse()))
        try client.send("HEAD /a HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(Self.nosniffOnce(try client.readResponse(bodyless: true)))
        let broken = try RawHTTPClient(port: server.port)
        try broken.send("GET /a HTTP/1.1\r\n\r\n")  // no Host: the parser's 400
        let refusal = try broken.readResponse()
        #expect(refusal.status == 400)
        #expect(Self.nosniffOnce(refusal))
    }

    @Test func routerErrorsOverCapRefusalsAndStreamsCarryNosniff() throws {
        var router = Router()
        router.post("/body") { _ in .text(.ok, "ok") }
        router.get("/stream") { _ in
            .stream(headers: ["Content-Type": "text/plain"], bufferLimit: 1024) { sink in
                sink.send(Array("x".utf8))
            }
        }
        let server = try TestHTTPServer.start(router.freeze()) { $0.maxBufferedBytes = 64 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /nothing HTTP/1.1\r\nHost: t\r\n\r\n")
        let missing = try client.readResponse()
        #expect(missing.status == 404)
        #expect(Self.nosniffOnce(missing))
        let big = try RawHTTPClient(port: server.port)
        try big.send("POST /body HTTP/1.1\r\nHost: t\r\nContent-Length: 1000000\r\n\r\nabc")
        let overCap = try big.readResponse()
        #expect(overCap.status == 503)
        #expect(Self.nosniffOnce(overCap))
        let stream = try RawHTTPClient(port: server.port)
        try stream.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try stream.readResponse(bodyless: true)
        #expect(head.status == 200)
        #expect(Self.nosniffOnce(head))
    }
}
