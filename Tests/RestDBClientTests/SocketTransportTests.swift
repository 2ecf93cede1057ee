import Foundation
import RestDBClient
import RestDBClientSocketTransport
import RestLiteTesting
import Testing

/// The POSIX-socket transport (Linux's default, compiled everywhere) against a server that
/// writes exact bytes: framing, errors, refusals and timeouts.
@Suite struct SocketTransportTests {
    private static let key = "5d9f48133cbe87164d4bb12c"

    private func client(_ server: CannedHTTPServer, timeout: Duration = .seconds(5)) throws -> RestDBClient {
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        return RestDBClient(baseURL: url, apiKey: Self.key, transport: SocketTransport(timeout: timeout))
    }

    private func cats(_ server: CannedHTTPServer) throws -> RestDBCollection<Cat> {
        try client(server).collection("a3cats")
    }

    /// `text` as chunks of at most `size` bytes, with a chunk extension and a trailer.
    private func chunked(_ text: String, size: Int) -> String {
        var bytes = Array(text.utf8)[...]
        var out = ""
        while !bytes.isEmpty {
            let piece = bytes.prefix(size)
            bytes = bytes.dropFirst(size)
            out +=
                String(piece.count, radix: 16) + ";note=x\r\n" + String(decoding: piece, as: UTF8.self)
                + "\r\n"
        }
        return out + "0\r\nX-Trailer: done\r\n\r\n"
    }

    @Test func chunkedAnswersAreReassembled() async throws {
        let body = "[\(Cat.felixJSON),\(Cat.felixJSON)]"
        let server = try CannedHTTPServer(
            answer: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + chunked(body, size: 37))
        defer { server.stop() }
        let list = try await cats(server).list()
        #expect(list.count == 2)
        #expect(list.first?.catName == "Felis catus")
        let request = try #require(server.receivedRequest())
        #expect(request.hasPrefix("GET /rest/a3cats HTTP/1.1\r\n"))
        #expect(request.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n"))
        #expect(request.contains("\r\nx-apikey: \(Self.key)\r\n"))
    }

    @Test func bodiesFramedByCloseAndInterimAnswersAreRead() async throws {
        let server = try CannedHTTPServer(
            answer:
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Type: application/json\r\n\r\n"
                + Cat.felixJSON)
        defer { server.stop() }
        let created = try await cats(server).create(.felix)
        #expect(created.id == "5dbb1b3e8a1f2c0012345678")
        let request = try #require(server.receivedRequest())
        #expect(request.hasPrefix("POST /rest/a3cats HTTP/1.1\r\n"))
        #expect(request.contains("\r\nContent-Type: application/json\r\n"))
        let body = try #require(request.components(separatedBy: "\r\n\r\n").last)
        #expect(request.contains("\r\nContent-Length: \(body.utf8.count)\r\n"))
        #expect(
            jsonObject(body)
                == jsonObject(
                    #"{"catName":"Felis catus","ownerName":"Ann Lee","breedId":"abys","birthDate":"2008-11-14T09:53:37.000Z","weightKg":3.45,"rating":4,"photoUrl":"https:\/\/placekitten.com\/300\/200"}"#
                ))
    }

    @Test func errorStatusesDecodeIntoServerErrors() async throws {
        let body =
            #"{"name":"ValidationError","message":"Validation failed","list":[{"field":"rating","message":["must be a number"]}]}"#
        let server = try CannedHTTPServer(
            answer: "HTTP/1.1 400 Bad Request\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        defer { server.stop() }
        let error = await #expect(throws: RestDBError.self) { try await cats(server).create(.felix) }
        #expect(error?.status == 400)
        #expect(error?.name == "ValidationError")
        #expect(error?.list.map(\.field) == ["rating"])
        #expect(error?.list.first?.message == "must be a number")
    }

    @Test func truncatedBodiesAreTransportErrors() async throws {
        let server = try CannedHTTPServer(answer: "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n[{\"_id\":")
        defer { server.stop() }
        let error = await #expect(throws: RestDBError.self) { try await cats(server).list() }
        guard case .transport = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(error?.message.contains("closed the connection before the answer ended") == true)
    }

    @Test func silentServersTimeOut() async throws {
        let server = try CannedHTTPServer(answer: nil, timeout: .seconds(3))
        defer { server.stop() }
        // Without the client's 300 ms limit the server's 3 s would end it as a closed connection.
        let error = await #expect(throws: RestDBError.self) {
            try await client(server, timeout: .milliseconds(300)).collections()
        }
        #expect(error?.message.contains("timed out") == true)
    }

    @Test func refusedConnectionsAreTransportErrors() async throws {
        let port = try CannedHTTPServer.closedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let client = RestDBClient(
            baseURL: url, apiKey: Self.key, transport: SocketTransport(timeout: .seconds(5)))
        let error = await #expect(throws: RestDBError.self) { try await client.collections() }
        guard case .transport(let underlying) = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect("\(underlying)".contains("127.0.0.1:\(port)"))
        #expect(error?.message.contains("Connection refused") == true)
    }

    @Test func httpsIsRefusedWithAClearMessage() async throws {
        let url = try #require(URL(string: "https://pamdps923-de33.restdb.io"))
        let client = RestDBClient(baseURL: url, apiKey: Self.key, transport: SocketTransport())
        let error = await #expect(throws: RestDBError.self) { try await client.collections() }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected .invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("https needs macOS or iOS"))
        #expect(reason.contains("http://"))
    }

    #if !canImport(Darwin)
        @Test func linuxClientsUseTheSocketTransport() async throws {
            let url = try #require(URL(string: "https://pamdps923-de33.restdb.io"))
            let error = await #expect(throws: RestDBError.self) {
                try await RestDBClient(baseURL: url, apiKey: Self.key).collections()
            }
            #expect(error?.message.contains("https needs macOS or iOS") == true)
        }
    #endif
}
