import SocketHTTP
import Testing

/// A request is a value: the fields read from the wire sit in one box that copies share, and a
/// change to a copy (what middleware and the router do) never shows in the request it came from.
@Suite struct HTTPRequestCopyTests {
    private func original() -> HTTPRequest {
        var headers = HTTPHeaders()
        headers.add("Host", "example.test")
        return HTTPRequest(
            method: .post, target: "/rest/cats/7?q=%7B%7D&max=2", headers: headers, body: Array("one".utf8),
            remoteAddress: "127.0.0.1:5000", requestID: "r1")
    }

    @Test func changingEveryFieldOfACopyLeavesTheOriginalAsItWas() {
        let first = original()
        var second = first
        second.method = .put
        second.target = "/other"
        second.path = "/other"
        second.rawPath = "/a/b%2Fc"
        second.rawQuery = "x=1"
        second.queryItems.append((name: "extra", value: "1"))
        second.headers.add("X-Added", "yes")
        second.body.append(contentsOf: Array(" two".utf8))
        second.remoteAddress = "10.0.0.1:1"
        second.requestID = "r2"
        second.pathParameters["id"] = "7"

        #expect(first.method == .post)
        #expect(first.target == "/rest/cats/7?q=%7B%7D&max=2")
        #expect(first.path == "/rest/cats/7")
        #expect(first.rawPath == "/rest/cats/7")
        #expect(first.pathSegments == ["rest", "cats", "7"])
        #expect(first.rawQuery == "q=%7B%7D&max=2")
        #expect(first.queryItems.map(\.name) == ["q", "max"])
        #expect(first.headers["X-Added"] == nil)
        #expect(first.headers["Host"] == "example.test")
        #expect(first.bodyString == "one")
        #expect(first.remoteAddress == "127.0.0.1:5000")
        #expect(first.requestID == "r1")
        #expect(first.pathParameters.isEmpty)

        #expect(second.pathSegments == ["a", "b/c"])
        #expect(second.queryItems.map(\.name) == ["q", "max", "extra"])
        #expect(second.headers["X-Added"] == "yes")
        #expect(second.bodyString == "one two")
        #expect(second.requestID == "r2")
    }

    @Test func changingTheOriginalLeavesAnEarlierCopyAsItWas() {
        var first = original()
        let kept = first
        first.headers.set("Host", "changed.test")
        first.rawPath = "/x"
        first.body = []
        #expect(kept.headers["Host"] == "example.test")
        #expect(kept.pathSegments == ["rest", "cats", "7"])
        #expect(kept.bodyString == "one")
        #expect(first.pathSegments == ["x"])
    }

    @Test func aRequestNotSharedTakesManyChangesInARow() {
        var request = original()
        for index in 0..<100 { request.headers.add("X-\(index)", "\(index)") }
        #expect(request.headers["X-99"] == "99")
        #expect(request.headers["Host"] == "example.test")
    }
}
