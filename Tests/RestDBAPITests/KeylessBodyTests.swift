import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI

/// Requests that need no key take small bodies only, decided from the head, and their bytes
/// never count against the keyed requests' buffered bytes (docs/SECURITY.md, "Keyless routes
/// and the console session").
@Suite(.offPool) struct KeylessBodyTests {
    @Test func keylessRoutesRefuseALongContentLengthFromTheHead() throws {
        let api = try TestAPI()
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        for head in [
            "POST /_console/session HTTP/1.1\r\n", "GET /health HTTP/1.1\r\n",
            "GET /dummyimage/10x10 HTTP/1.1\r\n",
            "OPTIONS /rest/a3cats HTTP/1.1\r\n",
        ] {
            let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
            try client.send(head + "Host: 127.0.0.1\r\nContent-Length: 15728640\r\n\r\n{")
            let response = try client.readResponse()
            #expect(response.status == 413, "\(head)")
            let body = try JSON.parse(response.body)
            #expect(body["name"] == "PayloadTooLarge" || body["status"] == 413, "\(head)")
            #expect(client.waitForClose())
        }
        // /realtime needs a key from the head now, as /rest does.
        let realtime = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try realtime.send("POST /realtime HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 15728640\r\n\r\n{")
        #expect(try realtime.readResponse().status == 401)
    }

    @Test func seventeenUnfinishedSignInsLeaveKeyedWritesAlone() throws {
        let api = try TestAPI()
        _ = try api.seedCats(1)
        let server = try api.startServer { $0.maxBufferedBytes = 16 * 1024 * 1024 }
        defer { server.shutdown(grace: .seconds(1)) }
        var held: [RawHTTPClient] = []
        for length in [1024 * 1024, 8000] {
            for _ in 0..<17 {
                let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
                try client.send(
                    "POST /_console/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(length)\r\n\r\n{\"key\":\"")
                held.append(client)
            }
        }
        for client in held.prefix(17) { #expect(try client.readResponse().status == 413) }
        // Seventeen small ones stay unfinished, held apart: a 4 MiB keyed write still goes through.
        let document = #"{"catName":"Tom","pad":""# + String(repeating: "x", count: 4 * 1024 * 1024) + #""}"#
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        try client.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(document.utf8.count)\r\n\r\n")
        try client.send(document)
        #expect(try client.readResponse().status == 201)
        for client in held.suffix(17) { client.close() }
    }
}
