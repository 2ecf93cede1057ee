import DocumentStore
import Foundation
import RestLiteEmbedded
import RestLiteTesting
import Testing

/// `RestLite.withServer`, `RunningServer` and the `.restlite` trait, over real sockets.
@Suite struct RestLiteEmbeddedTests {
    private func request(
        _ method: String, _ path: String, server: RestLite.Server, key: String? = nil, body: String? = nil
    ) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: server.port, timeout: .seconds(10))
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key ?? server.apiKey)\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try client.send(head + "Connection: close\r\n\r\n" + (body ?? ""))
        return try client.readResponse()
    }

    private func documents(_ response: RawHTTPResponse) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
    }

    @Test func builtInSeedIsServedWithTheGivenKeyAndTheServerStopsAfterTheScope() async throws {
        let port = try await RestLite.withServer(seed: .builtIn) { server async throws in
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            #expect(RestLite.current?.port == server.port)
            let cats = try request("GET", "/rest/a3cats", server: server)
            #expect(cats.status == 200)
            #expect(try documents(cats).count == 100)
            #expect(
                try request("GET", "/rest/a3cats", server: server, key: "wrongwrongwrongwrongwron").status
                    == 403)
            return server.port
        }
        #expect(RestLite.current == nil)
        #expect(throws: (any Error).self) { _ = try RawHTTPClient(port: port, timeout: .seconds(2)) }
    }

    @Test func theServerIsStoppedWhenTheBodyThrows() async throws {
        struct Planned: Error {}
        var seenPort = 0
        await #expect(throws: Planned.self) {
            try await RestLite.withServer(seed: .empty) { server async throws in
                seenPort = server.port
                throw Planned()
            }
        }
        #expect(seenPort > 0)
        #expect(throws: (any Error).self) { _ = try RawHTTPClient(port: seenPort, timeout: .seconds(2)) }
    }

    @Test func emptySeedAndAFileSeedAndAGivenKey() async throws {
        try await RestLite.withServer(seed: .empty, options: .init(apiKey: "embeddedkey0000000000001")) {
            server async throws in
            #expect(server.apiKey == "embeddedkey0000000000001")
            #expect(server.store.collectionNames().isEmpty)
            #expect(try request("GET", "/rest/a3cats", server: server).status == 404)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "embedded-\(UUID().uuidString).json")
        try Data(#"[{"catName":"Tom"},{"catName":"Ginger"}]"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await RestLite.withServer(seed: .file(file)) { server async throws in
            let names = try documents(try request("GET", "/rest/a3cats?sort=catName", server: server))
                .compactMap { $0["catName"] as? String }
            #expect(names == ["Ginger", "Tom"])
        }
    }

    @Test func twoServersAtOnceDoNotShareData() async throws {
        try await RestLite.withServer(seed: .empty) { first async throws in
            try await RestLite.withServer(seed: .empty) { second async throws in
                #expect(first.port != second.port)
                let posted = try request("POST", "/rest/things", server: first, body: #"{"n":1}"#)
                #expect(posted.status == 201)
                #expect(try documents(try request("GET", "/rest/things", server: first)).count == 1)
                #expect(try request("GET", "/rest/things", server: second).status == 404)
            }
        }
    }

    @Test func aDataFolderServerRemovesItsFolder() async throws {
        let running = try await RunningServer.start(seed: .builtIn, options: .init(memory: false))
        let cats = try request("GET", "/rest/a3cats?max=3", server: running.server)
        running.stop()
        #expect(cats.status == 200)
        #expect(try documents(cats).count == 3)
    }

    @Test func fixedClockAndIDSeedRepeat() async throws {
        func run() async throws -> String {
            try await RestLite.withServer(
                seed: .empty, options: .init(clock: "2020-01-01T00:00:00Z+1s", idSeed: 9)
            ) { server async throws in
                let first = try request("POST", "/rest/things", server: server, body: #"{"n":1}"#).bodyString
                let second = try request("POST", "/rest/things", server: server, body: #"{"n":2}"#).bodyString
                return first + second
            }
        }
        let once = try await run()
        #expect(once.contains(#""_created":"2020-01-01T00:00:0"#))
        #expect(try await run() == once)
    }

    @Test(.restlite(seed: .builtIn)) func theTraitGivesEachTestAServer() throws {
        let server = try #require(RestLite.current)
        let cats = try request("GET", "/rest/a3cats?max=2", server: server)
        #expect(cats.status == 200)
        #expect(try documents(cats).count == 2)
    }
}
