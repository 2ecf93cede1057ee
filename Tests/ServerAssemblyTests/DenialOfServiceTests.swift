import Dispatch
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

/// The holes the denial-of-service drills found: a query slow on every row, and request bodies
/// that cost memory before anyone checked the key.
@Suite(.offPool) struct DenialOfServiceTests {
    /// `{"photoUrl":{"$regex":"^(.*)(.*)(.*)(.*)(.*)X"}}`: just under ICU's limit on each of
    /// the hundred seed cats, eight seconds in all without a budget.
    static let slowQuery =
        "/rest/a3cats?q=%7B%22photoUrl%22%3A%7B%22%24regex%22%3A%22%5E(.*)(.*)(.*)(.*)(.*)X%22%7D%7D"

    private static func get(_ port: Int, _ target: String, key: String?, timeout: Duration = .seconds(15))
        throws -> RawHTTPClient
    {
        let client = try RawHTTPClient(port: port, timeout: timeout)
        let keyLine = key.map { "x-apikey: \($0)\r\n" } ?? ""
        try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(keyLine)\r\n")
        return client
    }

    /// No clock decides this test; the budget is the only one. A slow query holds every worker
    /// for the budget (2 s, `serve`'s default), so health and an ordinary read answered before any
    /// slow query answered were answered by a worker the server added while they ran. A health
    /// check takes a few milliseconds of work: only a server that made no progress for two seconds
    /// loses that race, under any load.
    @Test func slowQueriesOnEveryWorkerEndAtTheBudgetWhileHealthAndOrdinaryReadsAnswer() async throws {
        var settings = ServeConfiguration()
        settings.port = 0
        settings.quiet = true
        settings.queryBudget = .seconds(2)
        settings.dataDirectory = NSTemporaryDirectory() + "restlite-dos-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        let port = try server.start()
        defer { server.http.shutdown(grace: .seconds(2)) }
        let key = try #require(server.banner().key)
        // Synchronous from here: an await could wait for a busy test thread pool.
        try Self.slowQueriesOnEveryWorker(server.http, port: port, key: key)
    }

    private static func slowQueriesOnEveryWorker(_ http: HTTPServer, port: Int, key: String) throws {
        let workers = http.workerCount
        let started = ContinuousClock.now
        let slow = try (0..<workers).map { _ in try get(port, Self.slowQuery, key: key) }
        // Every worker is inside a slow query when the server adds one more.
        let grown = Self.within(.seconds(10)) { http.workerCount > workers }
        #expect(grown, "no worker was added while \(workers) slow queries held every worker")
        let health = try get(port, "/health", key: nil).readResponse()
        #expect(health.status == 200)
        let ordinary = try get(port, "/rest/a3cats?max=5", key: key).readResponse()
        #expect(ordinary.status == 200)
        // The order of events: no slow query had answered yet (each socket is looked at, not
        // waited on).
        let early: [RawHTTPResponse?] = slow.map { client in
            client.setTimeout(.milliseconds(1))
            defer { client.setTimeout(.seconds(15)) }
            return try? client.readResponse()
        }
        #expect(early.allSatisfy { $0 == nil }, "slow queries answered before health and the read")
        for (client, answer) in zip(slow, early) {
            let response = try answer ?? client.readResponse()
            #expect(response.status == 400)
            #expect(response.bodyString.contains("2 s budget (restlite serve --query-budget)"))
        }
        // Not before the budget was spent (load can only make this longer).
        #expect(ContinuousClock.now - started >= .seconds(2))
    }

    /// Polls `condition` until it holds or `limit` has passed.
    private static func within(_ limit: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    @Test func aPostWithoutAValidKeyIsRefusedBeforeItsBody() throws {
        let api = try TestAPI()
        _ = try api.seedCats(1)
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let cases: [(head: String, status: Int)] = [
            ("POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\n", 401),
            ("POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: not-a-key-we-know-of-0000\r\n", 403),
            ("POST /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n", 404),
            ("DELETE /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n", 405),
        ]
        for (head, status) in cases {
            // Fifteen megabytes announced, not a byte of them sent.
            let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
            try client.send(head + "Content-Length: 15728640\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == status, "\(head)")
            #expect(response.headers["Connection"] == "close")
            #expect(try api.json(response.body)["message"] != nil)
            #expect(client.waitForClose())
        }
        // A valid key still gets its body read and the document created.
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        let body = #"{"catName":"Tom"}"#
        try client.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.05)
        try client.send(body)
        #expect(try client.readResponse().status == 201)
    }

    @Test func expectContinueWithoutAKeyGetsTheRefusalInsteadOfContinue() throws {
        let api = try TestAPI()
        _ = try api.seedCats(1)
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let refused = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try refused.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 20\r\n\r\n"
        )
        #expect(try refused.readResponse().status == 401)
        #expect(refused.waitForClose())
        let accepted = try RawHTTPClient(port: server.port, timeout: .seconds(3))
        try accepted.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Expect: 100-continue\r\nContent-Length: 17\r\n\r\n")
        #expect(try accepted.readResponse().status == 100)
        try accepted.send(#"{"catName":"Tom"}"#)
        #expect(try accepted.readResponse().status == 201)
    }
}

extension TestAPI {
    fileprivate func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] ?? [:]
    }
}
