import DocumentJSON
import DocumentStore
import Foundation
import RestLiteAdmin
import RestLiteTesting
import SocketHTTP
import Testing

/// Faults that only a real connection shows: a dropped connection, a delay, a slow body.
@Suite(.offPool) struct AdminSocketTests {
    static func get(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n\r\n"
    }

    @Test func dropClosesTheConnectionWithoutAnAnswerAndTheNextRequestIsServed() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        let rule = #"{"path":"/rest/a3cats","action":"drop","times":1}"#
        #expect(api.request(.post, "/_restlite/faults", body: rule).status == .created)
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }

        let dropped = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        defer { dropped.close() }
        try dropped.send(Self.get("/rest/a3cats"))
        #expect(dropped.waitForClose())

        let next = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        defer { next.close() }
        try next.send(Self.get("/rest/a3cats"))
        #expect(try next.readResponse().status == 200)
        let journal = try api.request(.get, "/_restlite/journal").json().arrayValue ?? []
        #expect(journal.compactMap { $0["status"]?.numberValue?.int64Value } == [0, 200])
    }

    @Test func delayAndSlowBodyHoldTheAnswerBack() throws {
        let api = try TestAPI()
        defer { api.remove() }
        try api.seedCats(1)
        _ = api.request(
            .post, "/_restlite/faults", body: #"{"path":"/rest/a3cats","action":"delay","ms":300}"#)
        _ = api.request(
            .post, "/_restlite/faults", body: #"{"path":"/rest/a3cats/*","action":"slow","ms":300}"#)
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(5))
        defer { client.close() }

        let clock = ContinuousClock()
        var started = clock.now
        try client.send(Self.get("/rest/a3cats"))
        let list = try client.readResponse()
        #expect(list.status == 200)
        #expect(clock.now - started >= .milliseconds(290))

        let id = try JSON.parse(list.body).arrayValue?.first?["_id"]?.stringValue ?? ""
        started = clock.now
        try client.send(Self.get("/rest/a3cats/\(id)"))
        let one = try client.readResponse()
        #expect(one.status == 200)
        #expect(try JSON.parse(one.body)["_id"]?.stringValue == id)
        #expect(clock.now - started >= .milliseconds(290))
        // The journal measured the delay, not the slow body (written after the handler).
        let journal = try api.request(.get, "/_restlite/journal").json().arrayValue ?? []
        #expect((journal.first?["ms"]?.numberValue?.doubleValue ?? 0) >= 290)
    }

    @Test func anUploadOnDiskIsJournaledWithItsSizeNotItsBytes() throws {
        let api = try TestAPI()
        defer { api.remove() }
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let content = [UInt8](repeating: 0x41, count: 200_000)
        var body = Array(
            "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n".utf8)
        body += content + Array("\r\n--b--\r\n".utf8)
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(5))
        defer { client.close() }
        try client.send(
            "POST /media HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: multipart/form-data; boundary=b\r\nContent-Length: \(body.count)\r\n\r\n")
        try client.send(body)
        #expect(try client.readResponse().status == 201)
        let journal = try api.request(.get, "/_restlite/journal?method=post").json().arrayValue ?? []
        let entry = try #require(journal.last)
        #expect(entry["path"] == "/media")
        #expect(entry["bodyBytes"]?.numberValue?.int64Value == Int64(body.count))
        #expect(entry["bodyTruncated"] == true)
        #expect(entry["body"] == "")
    }
}
