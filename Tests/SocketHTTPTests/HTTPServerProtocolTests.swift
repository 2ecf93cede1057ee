import RestLiteTesting
import SocketHTTP
import Testing

/// Echoes method, path, remote address and body, over real sockets on 127.0.0.1 port 0.
func startEchoServer(configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws -> HTTPServer {
    try TestHTTPServer.start(configure: configure) { request in
        .text(.ok, "\(request.method) \(request.path) \(request.remoteAddress) \(request.bodyString)")
    }
}

@Suite(.offPool) struct HTTPServerProtocolTests {
    @Test func keepAliveReusesTheConnection() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /one HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try client.readResponse()
        try client.send("GET /two HTTP/1.1\r\nHost: t\r\n\r\n")
        let second = try client.readResponse()
        #expect(first.bodyString.hasPrefix("GET /one 127.0.0.1:"))
        #expect(second.bodyString.hasPrefix("GET /two 127.0.0.1:"))
        // Same peer address and port: the same TCP connection served both.
        #expect(first.bodyString.split(separator: " ")[2] == second.bodyString.split(separator: " ")[2])
    }

    @Test func everyAnswerCarriesDateLengthAndServer() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
        #expect(response.headers["Content-Length"] == String(response.body.count))
        #expect(response.headers["Server"] == "restlite")
    }

    @Test func answersThreePipelinedRequestsInOrder() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send(
            "GET /1 HTTP/1.1\r\nHost: t\r\n\r\nPOST /2 HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nbodyGET /3 HTTP/1.1\r\nHost: t\r\n\r\n"
        )
        let paths = try (0..<3).map { _ in try client.readResponse().bodyString.split(separator: " ")[1] }
        #expect(paths == ["/1", "/2", "/3"])
    }

    @Test func acceptsChunkedUploads() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("POST /up HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nchun")
        try client.send("\r\n3\r\nked\r\n0\r\n\r\n")
        #expect(try client.readResponse().bodyString.hasSuffix(" chunked"))
    }

    @Test func sendsContinueBeforeTheBody() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("PUT /x HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("hello")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyString.hasSuffix(" hello"))
    }

    @Test func headAnswersWithoutABody() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("HEAD /x HTTP/1.1\r\nHost: t\r\n\r\nGET /x HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(bodyless: true)
        // Had HEAD sent a body, these bytes would break the next response's status line.
        let get = try client.readResponse()
        #expect(get.status == 200)
        #expect(head.headers["Content-Length"] == String(get.body.count + 1))  // "HEAD" is one letter longer
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET / HTTP/1.0\r\n\r\n")
        #expect(try client.readResponse().headers["Connection"] == "close")
        #expect(client.waitForClose())
    }

    @Test(arguments: [
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 70_000) + "\r\n\r\n", 431),
        ("GET / HTTP/1.1\r\n" + String(repeating: "X-A: 1\r\n", count: 101) + "\r\n", 431),
        ("POST / HTTP/1.1\r\nContent-Length: 16777217\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nContent-Length: x\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nnope\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400),
        ("GET / HTTP/3.0\r\n\r\n", 505),
    ])
    func refusesWithPlainTextAndCloses(request: String, status: Int) throws {
        let server = try startEchoServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.headers["Connection"] == "close")
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(!response.bodyString.isEmpty)
        #expect(!response.bodyString.contains("{"))
        #expect(client.waitForClose())
    }

    @Test func errorRendererShapesProtocolErrors() throws {
        let server = try startEchoServer {
            $0.errorRenderer = { status, _ in .text(status, "custom \(status.code)") }
        }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET / HTTP/2.0\r\n\r\n")
        #expect(try client.readResponse().bodyString == "custom 505")
    }
}
