import Testing

@testable import SocketHTTP

@Suite struct HTTPRequestParserTests {
    @Test func parsesRequestLineAndHeadersKeepingNameCase() {
        let events = parseEverywhere("GET /rest/cats HTTP/1.1\r\nHost: example\r\nX-ApiKey:  abc \r\n\r\n")
        #expect(events == ["GET /rest/cats HTTP/1.1 [Host=example,X-ApiKey=abc] "])
        let request = onlyRequest("GET / HTTP/1.1\r\nHost: h\r\nX-ApiKey: abc\r\n\r\n")
        #expect(request?.headers["x-apikey"] == "abc")
        #expect(request?.headers.map(\.name) == ["Host", "X-ApiKey"])
    }

    @Test func aPendingHeadIsVisibleWhileItsBodyIsAwaited() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /up?apikey=k HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\nab".utf8))
        #expect(parser.next() == nil)
        let head = try #require(parser.pendingHead)
        #expect(head.method == .post && head.path == "/up" && head.queryValue("apikey") == "k")
        #expect(head.body.isEmpty)
        #expect(parser.announcedBodyBytes == 998)
        parser.reserveAnnouncedBody()
        #expect(parser.retainedBytes >= 1000)
        parser.append([UInt8](repeating: 0x61, count: 998))
        guard case .request(let request) = parser.next() else {
            Issue.record("no request")
            return
        }
        #expect(request.body.count == 1000 && parser.pendingHead == nil)
    }

    @Test func bodyBytesFillTheReservedRoomWithoutBeingBufferedTwice() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /a HTTP/1.1\r\nHost: t\r\nContent-Length: 40000\r\n\r\n".utf8))
        #expect(parser.next() == nil)
        parser.reserveAnnouncedBody()
        #expect(parser.reservedBodyRoom == 40000)
        let held = parser.retainedBytes
        let bytes = [UInt8](repeating: 0x61, count: 40000) + Array("GET /b HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        bytes.withUnsafeBytes { parser.append($0) }
        // The body went into its room; only the pipelined request after it was buffered.
        #expect(parser.retainedBytes < held + 1024, "\(parser.retainedBytes) after \(held)")
        #expect(parser.reservedBodyRoom == 0)
        guard case .request(let first) = parser.next(), case .request(let second) = parser.next() else {
            Issue.record("two requests expected")
            return
        }
        #expect(first.body.count == 40000 && first.body.allSatisfy { $0 == 0x61 })
        #expect(second.path == "/b" && parser.next() == nil)
    }

    @Test func readsContentLengthBody() {
        let events = parseEverywhere("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
        #expect(events == ["POST /a HTTP/1.1 [Host=h,Content-Length=5] hello"])
    }

    @Test func decodesChunkedBodyWithExtensionsAndTrailers() {
        let text =
            "POST /up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=x\r\nhello\r\n1 \r\n,\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n"
        #expect(
            parseEverywhere(text) == ["POST /up HTTP/1.1 [Host=h,Transfer-Encoding=chunked] hello, world"])
    }

    @Test func answersPipelinedRequestsInOrder() {
        let text =
            "GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\n"
            + "hiGET /3 HTTP/1.0\r\n\r\n"
        #expect(
            parseEverywhere(text) == [
                "GET /1 HTTP/1.1 [Host=h] ", "POST /2 HTTP/1.1 [Host=h,Content-Length=2] hi",
                "GET /3 HTTP/1.0 [] ",
            ])
    }

    @Test func signalsExpectContinueBeforeTheBody() {
        let text = "PUT /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok"
        #expect(
            parseEverywhere(text) == [
                "continue", "PUT /x HTTP/1.1 [Host=h,Expect=100-continue,Content-Length=2] ok",
            ])
    }

    @Test func keepAliveFollowsVersionAndConnection() {
        #expect(onlyRequest("GET / HTTP/1.1\r\nHost: h\r\n\r\n")?.keepAlive == true)
        #expect(onlyRequest("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")?.keepAlive == false)
        #expect(onlyRequest("GET / HTTP/1.0\r\n\r\n")?.keepAlive == false)
        #expect(onlyRequest("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")?.keepAlive == true)
    }

    @Test func acceptsAbsoluteFormTargets() {
        let request = onlyRequest("GET http://localhost:8080/rest/cats?max=2 HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(request?.path == "/rest/cats")
        #expect(request?.queryValue("max") == "2")
        #expect(request?.target == "http://localhost:8080/rest/cats?max=2")
        #expect(onlyRequest("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")?.path == "*")
    }

    @Test func decodesPathKeepingPlusAndQueryWithPlusAsSpace() {
        let request = onlyRequest(
            "GET /a%20b+c/%2B?q=%7B%22age%22:+7%7D&s=a%2Bb&flag HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(request?.path == "/a b+c/+")
        #expect(request?.rawPath == "/a%20b+c/%2B")
        #expect(request?.queryValue("q") == #"{"age": 7}"#)
        #expect(request?.queryValue("s") == "a+b")
        #expect(request?.queryValue("flag") == "")
        #expect(request?.queryItems.map(\.name) == ["q", "s", "flag"])
    }

    @Test func refusesFramingErrorsWith400() {
        let cases = [
            "POST / HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
            "POST / HTTP/1.1\r\nContent-Length: abc\r\n\r\n",
            "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
            "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n",
            "POST / HTTP/1.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n",
            "GET / HTTP/1.1\nHost: a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\u{01}\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nNoColon\r\n\r\n",
            "GET  / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1x\r\n\r\n",
            "GET nothing HTTP/1.1\r\n\r\n",
        ]
        for text in cases {
            #expect(parseEverywhere(text) == ["fail 400"], "\(text.debugDescription)")
        }
    }

    @Test func refusesUnknownVersionWith505AndUnknownCodingWith501() {
        #expect(parseEverywhere("GET / HTTP/2.0\r\n\r\n") == ["fail 505"])
        #expect(
            parseEverywhere("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == ["fail 501"])
    }

    @Test func enforcesRequestLineLimitBeforeTheLineEnds() {
        let limits = HTTPLimits(maxRequestLine: 64)
        let long = "GET /" + String(repeating: "a", count: 100)
        #expect(parseEverywhere(long, limits: limits) == ["fail 414"])
        #expect(
            parseEverywhere("GET /ok HTTP/1.1\r\nHost: h\r\n\r\n", limits: limits) == [
                "GET /ok HTTP/1.1 [Host=h] "
            ])
    }

    @Test func enforcesHeaderSizeAndCountLimits() {
        let limits = HTTPLimits(maxHeaderBytes: 100, maxHeaderCount: 3)
        let big = "GET / HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 120)
        #expect(parseEverywhere(big, limits: limits) == ["fail 431"])
        let many = "GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"
        #expect(parseEverywhere(many, limits: limits) == ["fail 431"])
        let three = "GET / HTTP/1.1\r\nHost: h\r\nB: 2\r\nC: 3\r\n\r\n"
        #expect(parseEverywhere(three, limits: limits) == ["GET / HTTP/1.1 [Host=h,B=2,C=3] "])
    }

    @Test func refusesOversizedBodyFromTheHeadersAlone() {
        let limits = HTTPLimits(maxBodyBytes: 10)
        // No body bytes at all: the 413 comes from Content-Length.
        #expect(
            parseEverywhere("POST / HTTP/1.1\r\nContent-Length: 11\r\n\r\n", limits: limits) == ["fail 413"])
        let chunked = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n"
        #expect(parseEverywhere(chunked, limits: limits) == ["fail 413"])
        let huge = "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n"
        #expect(parseEverywhere(huge, limits: limits) == ["fail 413"])
    }

    @Test func stopsAfterAFailure() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/9.9\r\n\r\nGET / HTTP/1.1\r\n\r\n".utf8))
        guard case .failure = parser.next() else {
            Issue.record("expected a failure")
            return
        }
        #expect(parser.next() == nil)
        #expect(parser.hasFailed)
    }

    @Test func tracksWhetherARequestIsUnderway() {
        var parser = HTTPRequestParser()
        #expect(!parser.isMidRequest)
        parser.append(Array("GET / HT".utf8))
        #expect(parser.next() == nil)
        #expect(parser.isMidRequest)
        parser.append(Array("TP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(parser.next() != nil)
        #expect(!parser.isMidRequest)
    }
}
