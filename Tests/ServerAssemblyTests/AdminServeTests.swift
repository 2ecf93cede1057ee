import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

/// The admin routes as `restlite serve` mounts them, and their flags.
@Suite struct AdminServeTests {
    private func configuration(_ edit: (inout ServeConfiguration) -> Void = { _ in }) -> ServeConfiguration {
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.quiet = true
        configuration.apiKeys = [TestAPI.fullKey]
        configuration.dataDirectory = NSTemporaryDirectory() + "restlite-admin-\(UUID().uuidString)"
        edit(&configuration)
        return configuration
    }

    private func request(_ server: RestliteServer, _ method: HTTPMethod, _ target: String, body: String = "")
        -> HTTPResponse
    {
        server.responder.respond(
            to: HTTPRequest(
                method: method, target: target, headers: ["x-apikey": TestAPI.fullKey], body: Array(body.utf8)
            ))
    }

    @Test func flagsAndVariablesResolve() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(
            defaults.admin && defaults.journalSize == 1000 && defaults.faultsFile == nil
                && defaults.faultSeed == nil)
        var flags = ServeOverrides()
        flags.noAdmin = true
        flags.journalSize = "5"
        flags.faultSeed = "9"
        let set = try ServeConfiguration.resolve(flags, environment: ["RESTLITE_JOURNAL_SIZE": "7"])
        #expect(!set.admin && set.journalSize == 5 && set.faultSeed == 9)
        let env = try ServeConfiguration.resolve(
            ServeOverrides(),
            environment: [
                "RESTLITE_NO_ADMIN": "0", "RESTLITE_JOURNAL_SIZE": "0", "RESTLITE_FAULTS": "f.json",
                "RESTLITE_FAULT_SEED": "3",
            ])
        #expect(env.admin && env.journalSize == 0 && env.faultsFile == "f.json" && env.faultSeed == 3)
        for bad: [String: String] in [
            ["RESTLITE_JOURNAL_SIZE": "-1"], ["RESTLITE_FAULT_SEED": "x"], ["RESTLITE_NO_ADMIN": "maybe"],
            ["RESTLITE_NO_ADMIN": "1", "RESTLITE_FAULTS": "f.json"],
        ] {
            #expect(throws: ServeError.self) {
                try ServeConfiguration.resolve(ServeOverrides(), environment: bad)
            }
        }
    }

    @Test func serveMountsAdminAndResetReturnsToTheSeed() async throws {
        let settings = configuration()
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        #expect(server.banner().text.contains("admin: http://127.0.0.1:0/_restlite/"))
        let first = try request(server, .get, "/rest/a3cats?max=1").json().arrayValue?.first?["_id"]?
            .stringValue
        #expect(request(server, .delete, "/rest/a3cats/\(first ?? "")").status == .ok)
        #expect(request(server, .post, "/rest/dogs", body: #"{"a":1}"#).status == .created)
        #expect(try server.store.count(in: "a3cats") == 99)
        let reset = request(server, .post, "/_restlite/reset")
        #expect(reset.status == .ok)
        #expect(try server.store.count(in: "a3cats") == 100)
        #expect(server.store.collectionNames() == ["a3cats"])
        #expect(request(server, .get, "/rest/a3cats/\(first ?? "")").status == .ok)
        #expect(try request(server, .get, "/_restlite/journal?path=/rest/*").json().arrayValue?.count == 4)
    }

    @Test func noAdminLeavesNoAdminRoutesAndNoJournal() async throws {
        let settings = configuration { $0.admin = false }
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        #expect(server.admin == nil)
        #expect(!server.banner().text.contains("admin:"))
        #expect(request(server, .post, "/_restlite/reset").status == .notFound)
        #expect(request(server, .get, "/_restlite/journal").status == .notFound)
    }

    @Test func faultsFileIsLoadedAtStartAndABadOneRefused() async throws {
        let file = NSTemporaryDirectory() + "restlite-faults-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Data(#"[{"method":"GET","path":"/rest/a3cats","action":"status","status":502}]"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let settings = configuration {
            $0.faultsFile = file
            $0.journalSize = 0
        }
        defer { try? FileManager.default.removeItem(atPath: settings.dataDirectory) }
        let server = try await RestliteServer.open(settings)
        #expect(request(server, .get, "/rest/a3cats").status.code == 502)
        #expect(try request(server, .get, "/_restlite/faults").json().arrayValue?.count == 1)
        #expect(try request(server, .get, "/_restlite/journal").json().arrayValue?.isEmpty == true)
        server.http.shutdown(grace: .seconds(1))
        _ = server

        try Data(#"{"not":"an array"}"#.utf8).write(to: URL(fileURLWithPath: file))
        let second = configuration { $0.faultsFile = file }
        defer { try? FileManager.default.removeItem(atPath: second.dataDirectory) }
        await #expect(throws: ServeError.self) { _ = try await RestliteServer.open(second) }
    }
}
