import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

@Suite(.offPool) struct RestliteServerTests {
    private static let courseKey = "5d9f48133cbe87164d4d0a3b"

    private func configuration(_ edit: (inout ServeConfiguration) -> Void = { _ in }) -> ServeConfiguration {
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.quiet = true
        configuration.dataDirectory = NSTemporaryDirectory() + "restlite-serve-\(UUID().uuidString)"
        edit(&configuration)
        return configuration
    }

    private func remove(_ configuration: ServeConfiguration) {
        try? FileManager.default.removeItem(atPath: configuration.dataDirectory)
    }

    private func keyFile(_ configuration: ServeConfiguration) throws -> [APIKey] {
        try KeyFile.load(from: DataFolder(path: configuration.dataDirectory).keysURL).keys
    }

    @Test func aNewFolderGetsTheHundredSeedCatsWithTheirInferredSchemaAndOneFullKey() async throws {
        let settings = configuration()
        defer { remove(settings) }
        let server = try await RestliteServer.open(settings)
        #expect(try server.store.count(in: "a3cats") == 100)
        let types = try #require(try server.store.schema(of: "a3cats")).fields.map { "\($0.name):\($0.type)" }
        #expect(types.contains("birthDate:date") && types.contains("weightKg:floatNumber"))
        #expect(types.contains("rating:number") && types.contains("catName:text"))
        let keys = try keyFile(settings)
        #expect(keys.count == 1 && keys[0].full && keys[0].key.count == 24)
        let banner = server.banner()
        #expect(banner.key == keys[0].key)
        #expect(banner.text.contains("collections: a3cats (100)"))
        #expect(banner.notes.contains { $0.contains("imported 100 documents into a3cats") })
        #expect(banner.notes.contains { $0.contains("created a full-access key") })
    }

    @Test func aSecondStartKeepsTheDataAndTheKeyAndDoesNotSeedAgain() async throws {
        let settings = configuration()
        defer { remove(settings) }
        var first: RestliteServer? = try await RestliteServer.open(settings)
        let firstCat = try #require(try first?.store.find(FindRequest(collection: "a3cats")).documents.first)
        _ = try first?.store.delete(firstCat.id, from: "a3cats")
        first = nil
        let second = try await RestliteServer.open(settings)
        #expect(try second.store.count(in: "a3cats") == 99)
        #expect(try keyFile(settings).count == 1)
        #expect(second.notes.isEmpty)
    }

    @Test func resetReturnsTheSeedCollectionToItsHundredRows() async throws {
        let settings = configuration()
        defer { remove(settings) }
        var first: RestliteServer? = try await RestliteServer.open(settings)
        _ = try first?.store.delete(matching: nil, from: "a3cats")
        first = nil
        let again = try await RestliteServer.open(
            configuration {
                $0 = settings
                $0.reset = true
            })
        #expect(try again.store.count(in: "a3cats") == 100)
        #expect(again.notes.contains { $0.hasPrefix("reset: imported 100") })
    }

    @Test func noSeedStartsEmptyButStillWithAKey() async throws {
        let settings = configuration { $0.seeds = false }
        defer { remove(settings) }
        let server = try await RestliteServer.open(settings)
        #expect(server.store.collectionNames().isEmpty)
        #expect(try keyFile(settings).count == 1)
        #expect(server.banner().text.contains("collections: none yet"))
    }

    @Test func anAPIKeyFromTheCommandLineIsAcceptedShownAndNotWritten() async throws {
        let settings = configuration { $0.apiKeys = [Self.courseKey] }
        defer { remove(settings) }
        let server = try await RestliteServer.open(settings)
        #expect(
            server.keys.authorize(
                presentedKey: Self.courseKey, method: "DELETE", path: "/a3cats/x", origin: nil) == .allowed)
        #expect(server.banner().key == Self.courseKey)
        #expect(try !keyFile(settings).contains { $0.key == Self.courseKey })
    }

    @Test func anOldFolderWithoutAFullKeyGetsOneUnlessAKeyIsGiven() async throws {
        let settings = configuration()
        defer { remove(settings) }
        var server: RestliteServer? = try await RestliteServer.open(settings)
        server = nil
        let folder = DataFolder(path: settings.dataDirectory)
        let written = try #require(try keyFile(settings).first)
        try KeyFile.removeKey(written.key, inDataFolder: folder.url)
        server = try await RestliteServer.open(
            configuration {
                $0 = settings
                $0.apiKeys = [Self.courseKey]
            })
        #expect(try keyFile(settings).isEmpty)
        server = nil
        server = try await RestliteServer.open(settings)
        #expect(try keyFile(settings).filter(\.full).count == 1)
        #expect(server?.notes.contains { $0.contains("created a full-access key") } == true)
    }

    @Test func aSecondServerOnTheSameFolderIsRefusedWithAClearMessage() async throws {
        let settings = configuration()
        defer { remove(settings) }
        let first = try await RestliteServer.open(settings)
        await #expect {
            _ = try await RestliteServer.open(settings)
        } throws: { error in
            "\(error)".contains("another restlite server is already using the data folder")
        }
        _ = first
    }

    @Test func aPortInUseIsReportedWithErrno() async throws {
        let one = configuration()
        defer { remove(one) }
        let first = try await RestliteServer.open(one)
        let port = try first.start()
        defer { first.http.shutdown() }
        let other = configuration { $0.port = port }
        defer { remove(other) }
        let second = try await RestliteServer.open(other)
        #expect {
            try second.start()
        } throws: { error in
            "\(error)".contains("cannot listen on 127.0.0.1 port \(port)") && "\(error)".contains("(errno ")
        }
    }

    @Test func aMissingSeedFileIsRefusedAndLeavesTheFolderNew() async throws {
        let settings = configuration { $0.seedFile = "/nonexistent/cats.json" }
        defer { remove(settings) }
        await #expect {
            _ = try await RestliteServer.open(settings)
        } throws: { "\($0)".contains("/nonexistent/cats.json does not exist") }
        #expect(DataFolder(path: settings.dataDirectory).isNew)
    }

    @Test func theStartedServerAnswersWithTheBannerKeyOverASocket() async throws {
        let settings = configuration()
        defer { remove(settings) }
        let server = try await RestliteServer.open(settings)
        let port = try server.start()
        defer { server.http.shutdown() }
        let key = try #require(server.banner().key)
        #expect(server.banner().text.hasPrefix("restlite listening on http://127.0.0.1:\(port)\n"))
        let client = try RawHTTPClient(port: port)
        try client.send("GET /rest/a3cats?max=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyString.contains(".000Z"))
    }

    @Test func requestsTheParserRefusesGetRestdbErrorBodiesOverASocket() async throws {
        let settings = configuration()
        defer { remove(settings) }
        let server = try await RestliteServer.open(settings)
        let port = try server.start()
        defer { server.http.shutdown() }
        let client = try RawHTTPClient(port: port)
        try client.send("GET /rest/a3cats HTTP/3.0\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 505)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        #expect(
            response.bodyString
                == #"{"name":"HTTPVersionNotSupported","message":"HTTP version not supported","status":505}"#)
    }
}
