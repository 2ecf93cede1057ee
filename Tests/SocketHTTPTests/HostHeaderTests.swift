import Testing

@testable import SocketHTTP

/// RFC 9112 §3.2: an HTTP/1.1 request carries exactly one `Host`; and framing or target
/// mistakes that are the client's are 400, never a server error.
@Suite struct HostHeaderTests {
    @Test func http11WithoutHostIs400() {
        #expect(parseEverywhere("GET /rest/a3cats HTTP/1.1\r\nX-ApiKey: k\r\n\r\n") == ["fail 400"])
    }

    @Test func twoHostFieldsAre400() {
        #expect(parseEverywhere("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == ["fail 400"])
        #expect(parseEverywhere("GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n") == ["fail 400"])
    }

    @Test func http10WithoutHostIsServedAndHTTP11WithOneHostIsServed() {
        #expect(parseEverywhere("GET /a HTTP/1.0\r\n\r\n") == ["GET /a HTTP/1.0 [] "])
        #expect(parseEverywhere("GET /a HTTP/1.1\r\nHost: h\r\n\r\n") == ["GET /a HTTP/1.1 [Host=h] "])
        // An empty Host is allowed when the target has no authority (RFC 9110 §7.2).
        #expect(parseEverywhere("GET /a HTTP/1.1\r\nHost:\r\n\r\n") == ["GET /a HTTP/1.1 [Host=] "])
    }

    @Test func repeatedChunkedIs400NotAServerError() {
        let text = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n"
        #expect(parseEverywhere(text) == ["fail 400"])
        let split =
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(parseEverywhere(split) == ["fail 400"])
    }

    @Test(arguments: ["/rest/a3c%zzats", "/rest/a3cats%", "/rest/a3cats%4", "/a%g0"])
    func invalidPercentEncodingInThePathIs400(_ path: String) {
        #expect(parseEverywhere("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n") == ["fail 400"])
    }

    @Test func validPercentEncodingInThePathIsServed() {
        let events = parseEverywhere("GET /rest/a%20b%2F HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(events == ["GET /rest/a b/ HTTP/1.1 [Host=h] "])
    }

    @Test func strictPercentValidation() {
        #expect(PercentDecoding.isValidEncoding("a%20b%2f"))
        #expect(!PercentDecoding.isValidEncoding("a%2"))
        #expect(!PercentDecoding.isValidEncoding("%zz"))
        #expect(PercentDecoding.isValidEncoding("plain"))
    }
}
