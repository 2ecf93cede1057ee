import DocumentStore
import Foundation
import RestDBAPI
import RestDBClient
import RestDBClientSocketTransport
import RestLiteTesting
import SocketHTTP
import Testing

/// `restlite import --url` through the built binary into a real API server started in-process.
@Suite(.offPool) struct RemoteImportLiveTests {
    private struct Row: Codable, Equatable {
        var catName: String
        var birthDate: String
        var weightKg: Double
    }

    private let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("seed/a3cats.json")

    /// A new collection gets the inferred schema before the first batch, so the server
    /// normalises dates exactly as a local import does.
    @Test func importIntoARunningServerSetsTheInferredSchemaStoresEveryRowInFileOrderAndReplaceStartsOver()
        async throws
    {
        let binary = try RestliteBinary()
        let api = try TestAPI()
        let server = try api.startServer()
        defer {
            server.shutdown(grace: .seconds(1))
            api.remove()
        }
        let url = "http://127.0.0.1:\(server.port)"
        let remote = ["--collection", "a3cats", "--url", url, "--apikey", TestAPI.fullKey, "--batch", "30"]
        let first = try binary.run(["import", seed.path] + remote, in: api.folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let stdout = String(decoding: first.stdout, as: UTF8.self)
        #expect(stdout.contains("Imported 100 rows into a3cats"))
        #expect(
            stdout.contains(
                "Inferred schema (set on the server): catName: text, ownerName: text, breedId: text, "
                    + "birthDate: date, weightKg: float_number, rating: number, photoUrl: text"), "\(stdout)")
        #expect(try api.store.count(in: "a3cats") == 100)

        let again = try binary.run(["import", seed.path, "--replace"] + remote, in: api.folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try api.store.count(in: "a3cats") == 100, "--replace must empty the collection first")

        let client = RestDBClient(baseURL: URL(string: url)!, apiKey: TestAPI.fullKey)
        let stored = try await client.collection("a3cats", of: Row.self).list(max: 200)
        var expected = try JSONDecoder().decode([Row].self, from: Data(contentsOf: seed))
        for index in expected.indices {
            #expect(!expected[index].birthDate.contains("."), "the seed writes dates without a fraction")
            expected[index].birthDate = String(expected[index].birthDate.dropLast()) + ".000Z"
        }
        #expect(stored == expected, "rows in file order, dates normalised by the server")
        let schema = try await client.collection("a3cats", of: Row.self).schema()
        #expect(
            schema.fields.map { "\($0.name): \($0.type)" } == [
                "catName: text", "ownerName: text", "breedId: text", "birthDate: date",
                "weightKg: float_number",
                "rating: number", "photoUrl: text",
            ])
    }

    @Test func aRowThatBreaksTheServersSchemaSendsNothing() throws {
        let binary = try RestliteBinary()
        let api = try TestAPI()
        let server = try api.startServer()
        defer {
            server.shutdown(grace: .seconds(1))
            api.remove()
        }
        try api.seedCats(5, collection: "typed")
        let file = api.folder.url.appendingPathComponent("bad.json")
        try Data(#"[{"catName":"Tom","rating":3},{"catName":"Ann","rating":"lots"}]"#.utf8).write(to: file)
        let result = try binary.run(
            [
                "import", file.path, "--collection", "typed", "--url", "http://127.0.0.1:\(server.port)",
                "--apikey", TestAPI.fullKey,
            ], in: api.folder.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains(#"line 1, field "rating""#), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was sent to the server."))
        #expect(try api.store.count(in: "typed") == 5)
    }
}
