import Foundation
import RestLiteTesting
import SocketHTTP
import StandIns
import Testing

/// The picture routes across a real socket: lengths, HEAD, 304 and several clients at once.
@Suite(.offPool) struct PictureSocketTests {
    @Test func picturesCrossTheWireWithTheirHeaders() throws {
        var router = Router()
        PictureStandIns().register(on: &router)
        let server = try TestHTTPServer.start(router.freeze())
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }

        try client.send("GET /dummyimage/122x217.bmp/ff4444/ffffff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let bmp = try client.readResponse()
        #expect(bmp.status == 200 && bmp.headers["Content-Type"] == "image/bmp")
        #expect(bmp.body.count == 54 + 368 * 217 && bmp.headers["Content-Length"] == "\(bmp.body.count)")

        try client.send("GET /placekitten/300/200 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let kitten = try client.readResponse()
        #expect(kitten.status == 200 && kitten.headers["Content-Type"] == "image/jpeg")
        try client.send("HEAD /placekitten/300/200 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let head = try client.readResponse(bodyless: true)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["Content-Length"] == "\(kitten.body.count)")
        #expect(head.headers["ETag"] == kitten.headers["ETag"])

        let etag = kitten.headers["ETag"] ?? ""
        try client.send(
            "GET /placekitten/300/200 HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \(etag)\r\n\r\n")
        let notModified = try client.readResponse(bodyless: true)
        #expect(notModified.status == 304 && notModified.headers["ETag"] == etag)
    }

    @Test func clientsAtOnceGetTheSameBytes() throws {
        var router = Router()
        PictureStandIns(cacheBytes: 1 << 20).register(on: &router)
        let server = try TestHTTPServer.start(router.freeze())
        defer { server.shutdown(grace: .seconds(1)) }
        let port = server.port
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            let target = index.isMultiple(of: 2) ? "/placekitten/g/240/160" : "/dummyimage/240x160.png"
            guard let client = try? RawHTTPClient(port: port) else { return }
            defer { client.close() }
            guard (try? client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")) != nil,
                let response = try? client.readResponse(), response.status == 200
            else { return }
            results.add(target, response.body)
        }
        let bodies = results.all
        #expect(bodies.count == 6)
        #expect(Set(bodies.map(\.1)).count == 2)
    }

    /// Answers collected from several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [(String, [UInt8])] = []

        func add(_ target: String, _ body: [UInt8]) { lock.withLock { items.append((target, body)) } }

        var all: [(String, [UInt8])] { lock.withLock { items } }
    }
}
