import Foundation
import Pictures
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI

/// Uploaded files can never script the server's origin (docs/SECURITY.md, "User content
/// isolation"): every `/media` answer carries a CSP that allows no script and sandboxes the
/// document; everything but raster images and plain text is an attachment; and over a real
/// socket every answer says `nosniff`.
@Suite(.offPool) struct MediaIsolationTests {
    static let policy = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"
    static let html = Array("<html><script>localStorage.setItem('pwned','1')</script></html>".utf8)
    static let svg = Array(
        #"<svg xmlns="http://www.w3.org/2000/svg"><script>localStorage.setItem('pwned','1')</script></svg>"#
            .utf8)

    @Test(arguments: [
        ("page.html", "text/html"), ("drawing.svg", "image/svg+xml"), ("data.xml", "application/xml"),
        ("doc.pdf", "application/pdf"), ("page.xhtml", "application/xhtml+xml"), ("blob.bin", nil),
    ])
    func activeAndUnknownTypesAreAttachmentsWithTheirName(_ name: String, _ type: String?) throws {
        let api = try TestAPI()
        let id = try MediaRouteTests.upload(api, [(name, type, Self.html)])[0]
        for path in ["/media/\(id)", "/media/\(name)"] {
            let response = api.request(.get, path, headers: ["x-apikey": ""])
            #expect(response.status == .ok)
            #expect(response.headers["Content-Security-Policy"] == Self.policy)
            #expect(
                response.headers["Content-Disposition"]
                    == "attachment; filename=\"\(name)\"; filename*=UTF-8''\(name)")
        }
        // A range and a revalidation answer the same way.
        let part = api.request(.get, "/media/\(id)", headers: ["Range": "bytes=0-3"])
        #expect(part.status == .partialContent)
        #expect(part.headers["Content-Disposition"]?.hasPrefix("attachment") == true)
        #expect(part.headers["Content-Security-Policy"] == Self.policy)
    }

    @Test func rasterPicturesAndPlainTextAreShownInlineUnderTheSamePolicy() throws {
        let api = try TestAPI()
        let png = RasterImage(width: 4, height: 2).encoded(as: .png)
        let ids = try MediaRouteTests.upload(
            api,
            [("cat.png", "image/png", png), ("notes.txt", "text/plain; charset=utf-8", Array("hi".utf8))])
        for id in ids {
            let response = api.request(.get, "/media/\(id)", headers: ["x-apikey": ""])
            #expect(response.status == .ok)
            #expect(response.headers["Content-Disposition"] == nil)
            #expect(response.headers["Content-Security-Policy"] == Self.policy)
        }
        let thumbnail = api.request(.get, "/media/\(ids[0])?s=t", headers: ["x-apikey": ""])
        #expect(thumbnail.status == .ok)
        #expect(thumbnail.headers["Content-Disposition"] == nil)
        #expect(thumbnail.headers["Content-Security-Policy"] == Self.policy)
    }

    @Test func aNameWithQuotesAndNonASCIIStaysInsideTheQuotedForm() {
        let value = MediaResponse.attachmentDisposition(#"a"b\c é.svg"#)
        #expect(value == #"attachment; filename="a_b_c _.svg"; filename*=UTF-8''a%22b%5Cc%20%C3%A9.svg"#)
    }

    @Test func overARealSocketASVGIsAnAttachmentAndSaysNosniff() throws {
        let api = try TestAPI()
        let id = try MediaRouteTests.upload(api, [("drawing.svg", "image/svg+xml", Self.svg)])[0]
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /media/\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(response.headers.values(for: "X-Content-Type-Options") == ["nosniff"])
        #expect(response.headers["Content-Disposition"]?.hasPrefix("attachment; ") == true)
        #expect(response.headers["Content-Security-Policy"] == Self.policy)
        // The JSON error of a missing file says nosniff too.
        try client.send("GET /media/000000000000000000000000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let missing = try client.readResponse()
        #expect(missing.status == 404)
        #expect(missing.headers.values(for: "X-Content-Type-Options") == ["nosniff"])
    }
}
