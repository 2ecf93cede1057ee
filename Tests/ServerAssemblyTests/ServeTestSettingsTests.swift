import DocumentStore
import Foundation
import MediaArchive
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

/// `--memory`, `--port-file`, `--clock`, `--id-seed` and their variables, without a process.
@Suite struct ServeTestSettingsTests {
    @Test func flagsWinOverVariablesAndBadValuesAreRefused() throws {
        let environment = [
            "RESTLITE_MEMORY": "1", "RESTLITE_PORT_FILE": "/tmp/p", "RESTLITE_CLOCK": "2020-01-01T00:00:00Z",
            "RESTLITE_ID_SEED": "7",
        ]
        let fromEnvironment = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(fromEnvironment.memory && fromEnvironment.portFile == "/tmp/p")
        #expect(fromEnvironment.clock == "2020-01-01T00:00:00Z" && fromEnvironment.idSeed == 7)

        var flags = ServeOverrides()
        flags.portFile = "here"
        flags.clock = "2021-05-05T10:00:00Z+250ms"
        flags.idSeed = "18446744073709551615"
        let fromFlags = try ServeConfiguration.resolve(flags, environment: environment)
        #expect(fromFlags.portFile == "here" && fromFlags.idSeed == UInt64.max)
        #expect(fromFlags.clock == "2021-05-05T10:00:00Z+250ms")

        let none = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(!none.memory && none.portFile == nil && none.clock == nil && none.idSeed == nil)

        for bad in [
            "tomorrow", "2020-01-01T00:00:00Z+", "2020-01-01T00:00:00Z+0s", "2020-01-01T00:00:00Z+5d",
        ] {
            var overrides = ServeOverrides()
            overrides.clock = bad
            #expect(throws: ServeError.self, "\(bad)") {
                try ServeConfiguration.resolve(overrides, environment: [:])
            }
        }
        #expect(throws: ServeError.self) {
            try ServeConfiguration.resolve(ServeOverrides(), environment: ["RESTLITE_ID_SEED": "-3"])
        }
        var memoryReset = ServeOverrides(reset: true)
        memoryReset.memory = true
        #expect(throws: ServeError.self) { try ServeConfiguration.resolve(memoryReset, environment: [:]) }
    }

    @Test func aMemoryServerHasNoFolderAndAMadeUpKeyAndWritesThePortFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-memory-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = ServeConfiguration()
        configuration.memory = true
        configuration.port = 0
        configuration.quiet = true
        configuration.dataDirectory = folder.appendingPathComponent("data").path
        configuration.portFile = folder.appendingPathComponent("port").path
        let server = try await RestliteServer.open(configuration)
        let port = try server.start()
        defer { server.http.shutdown(grace: .zero) }
        #expect(server.folder == nil)
        #expect(try String(contentsOf: folder.appendingPathComponent("port"), encoding: .utf8) == "\(port)\n")
        #expect(!FileManager.default.fileExists(atPath: configuration.dataDirectory))
        #expect(try server.store.count(in: "a3cats") == 100)
        let banner = server.banner()
        #expect(banner.key?.count == 24)
        #expect(banner.text.hasPrefix("restlite listening on http://127.0.0.1:\(port)\n"))
        // Media stay in memory too: an upload leaves no folder behind.
        #expect(server.media.directory == nil)
        let boundary = "b0undary"
        var headers = HTTPHeaders()
        headers.set("x-apikey", banner.key ?? "")
        headers.set("Content-Type", "multipart/form-data; boundary=\(boundary)")
        let body =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n\r\nhi\r\n--\(boundary)--"
        let upload = server.responder.respond(
            to: HTTPRequest(method: .post, target: "/media", headers: headers, body: Array(body.utf8)))
        #expect(upload.status == .created)
        #expect(
            server.responder.respond(to: HTTPRequest(method: .get, target: "/media/a.txt")).bodyString == "hi"
        )
        #expect(!FileManager.default.fileExists(atPath: configuration.dataDirectory))
    }
}
