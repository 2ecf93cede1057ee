import Foundation
import RestLiteTesting
import Testing

/// End-to-end: the built `restlite serve` and `restlite keys`, on a temporary data folder with
/// `--port 0`. Every server is stopped by its PID with a bounded wait.
@Suite(.offPool) struct ServeCLITests {
    private static let courseKey = "5d9f48133cbe87164d4d0a3b"

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-serve-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func get(_ path: String, port: Int, key: String) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        try client.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\nConnection: close\r\n\r\n")
        return try client.readResponse()
    }

    /// Asks until `key` is accepted or refused as `expected`; the server re-reads keys.json at
    /// most every 250 ms, so a change needs a moment (bounded: 40 tries).
    private func waitForStatus(_ expected: Int, key: String, port: Int) throws -> Int {
        var status = 0
        for _ in 0..<40 {
            status = try get("/rest/a3cats?max=1", port: port, key: key).status
            if status == expected { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return status
    }

    @Test func serveSeedsANewFolderAnswersWithItsKeyRefusesASecondServerAndStopsOnSIGTERM() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d"], in: folder)
        #expect(server.banner.contains("collections: a3cats (100)"))
        #expect(
            server.banner.contains(
                "try: curl -H 'x-apikey: \(server.key)' http://127.0.0.1:\(server.port)/rest/a3cats"))
        #expect(server.key.count == 24)

        let cats = try get("/rest/a3cats", port: server.port, key: server.key)
        #expect(cats.status == 200)
        let documents = try #require(
            try JSONSerialization.jsonObject(with: Data(cats.body)) as? [[String: Any]])
        #expect(documents.count == 100)
        #expect(documents.allSatisfy { ($0["birthDate"] as? String)?.hasSuffix(".000Z") == true })
        #expect(try get("/rest/a3cats", port: server.port, key: "wrongwrongwrongwrongwron").status == 403)
        for path in ["//rest/a3cats", "/rest//a3cats", "http://127.0.0.1//rest/_meta"] {
            #expect(try get(path, port: server.port, key: "").status == 401, "\(path)")
        }

        let second = try binary.run(
            ["serve", "--port", "0", "--data-dir", "d"], in: folder, timeout: .seconds(60))
        #expect(second.status != 0)
        #expect(second.stderr.contains("another restlite server is already using the data folder"))
        let busyPort = try binary.run(
            ["serve", "--port", "\(server.port)", "--data-dir", "other"], in: folder, timeout: .seconds(60))
        #expect(busyPort.status != 0)
        #expect(busyPort.stderr.contains("Address already in use (errno "))
        #expect(!busyPort.stderr.contains("Fatal error"))
        let badPort = try binary.run(["serve", "--port", "abc", "--data-dir", "d"], in: folder)
        #expect(badPort.status != 0)
        #expect(badPort.stderr.contains("port 'abc' is not a number"))
        #expect(badPort.stderr.contains("Usage: restlite serve "))
        let unconfirmedReset = try binary.run(["serve", "--reset", "--data-dir", "d"], in: folder)
        #expect(unconfirmedReset.status != 0 && unconfirmedReset.stderr.contains("add --yes"))

        #expect(server.terminate(timeout: .seconds(20)) == 0)
    }

    /// A script may send SIGTERM the moment the banner appears: the server must already stop
    /// gracefully then (exit 0), not die by the signal's default action.
    @Test func aSignalRightAfterTheBannerStopsTheServerGracefully() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 0..<3 {
            let server = try ServerProcess(
                binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--quiet"], in: folder)
            #expect(server.terminate() == 0, "round \(round): \(server.standardError)")
        }
    }

    @Test func keysAddedAndRemovedWithTheKeysCommandApplyToARunningServer() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary,
            arguments: ["--port", "0", "--data-dir", "d", "--quiet", "--apikey", Self.courseKey],
            in: folder)
        #expect(server.key == Self.courseKey)
        #expect(try get("/rest/a3cats?max=1", port: server.port, key: Self.courseKey).status == 200)

        let added = try binary.run(["keys", "add", "--data-dir", "d", "--note", "test"], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        let addedLines = String(decoding: added.stdout, as: UTF8.self).split(separator: "\n")
        let newKey = String(try #require(addedLines.last))
        #expect(newKey.count == 24 && !newKey.contains(" "))
        #expect(try waitForStatus(200, key: newKey, port: server.port) == 200)

        let list = try binary.run(["keys", "list", "--data-dir", "d"], in: folder)
        #expect(String(decoding: list.stdout, as: UTF8.self).contains("\(newKey)  full"))
        let scoped = try binary.run(
            ["keys", "add", "--data-dir", "d", "--methods", "GET", "--path", "/a3cats/**"], in: folder)
        let scopedKey = String(decoding: scoped.stdout, as: UTF8.self).split(separator: "\n").last.map(
            String.init)
        #expect(try waitForStatus(200, key: try #require(scopedKey), port: server.port) == 200)
        let listed = try binary.run(["keys", "list", "--data-dir", "d"], in: folder)
        let lines = String(decoding: listed.stdout, as: UTF8.self)
        #expect(lines.contains("\(scopedKey ?? "?")  scoped  methods GET  path /a3cats/**  origins any"))

        let removed = try binary.run(["keys", "remove", newKey, "--data-dir", "d"], in: folder)
        #expect(removed.status == 0)
        #expect(try waitForStatus(403, key: newKey, port: server.port) == 403)
        #expect(server.terminate() == 0)
    }

    /// `index` and `export` work beside a running server, whether it keeps its database to
    /// itself (the default) or shares it: they go through the server, which recorded its URL in
    /// the folder's lock file. The export is the same bytes the local export writes once the
    /// server is gone; a failed export leaves no file behind.
    @Test(arguments: [false, true])
    func indexAndExportNextToARunningServer(shareDatabase: Bool) throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary,
            arguments: ["--port", "0", "--data-dir", "d", "--quiet"]
                + (shareDatabase ? ["--share-database"] : []),
            in: folder)
        let index = try binary.run(
            ["index", "add", "--collection", "a3cats", "--field", "rating", "--data-dir", "d"], in: folder,
            timeout: .seconds(30))
        #expect(index.status == 0, "\(index.stderr)")
        #expect(
            String(decoding: index.stdout, as: UTF8.self).contains(
                "Indexed a3cats.rating (through the server"))
        let listed = try binary.run(["index", "list", "--data-dir", "d"], in: folder, timeout: .seconds(30))
        #expect(
            String(decoding: listed.stdout, as: UTF8.self)
                == "a3cats.rating           filter, sort  declared\n")
        let removed = try binary.run(
            ["index", "remove", "--collection", "a3cats", "--field", "rating", "--data-dir", "d"], in: folder,
            timeout: .seconds(30))
        #expect(
            String(decoding: removed.stdout, as: UTF8.self).contains("(through the server"),
            "\(removed.stderr)")
        let none = try binary.run(["index", "list", "--data-dir", "d"], in: folder, timeout: .seconds(30))
        #expect(String(decoding: none.stdout, as: UTF8.self) == "No indexes in d.\n")
        let readded = try binary.run(
            ["index", "add", "--collection", "a3cats", "--field", "rating", "--data-dir", "d"], in: folder,
            timeout: .seconds(30))
        #expect(readded.status == 0, "\(readded.stderr)")
        let export = try binary.run(
            ["export", "--collection", "a3cats", "--data-dir", "d"], in: folder, timeout: .seconds(30))
        #expect(export.status == 0, "\(export.stderr)")
        let rows = try JSONSerialization.jsonObject(with: Data(export.stdout)) as? [[String: Any]]
        #expect(rows?.count == 100)
        let csv = try binary.run(
            [
                "export", "--collection", "a3cats", "--format", "csv", "--metafields", "-o", "cats.csv",
                "--data-dir", "d",
            ],
            in: folder, timeout: .seconds(30))
        #expect(csv.status == 0, "\(csv.stderr)")
        // A failed export (no such collection) writes nothing: no new file, an old one untouched.
        try Data("old".utf8).write(to: folder.appendingPathComponent("old.json"))
        for name in ["new.json", "old.json"] {
            let failed = try binary.run(
                ["export", "--collection", "dogs", "-o", name, "--data-dir", "d"], in: folder,
                timeout: .seconds(30))
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("dogs"), "\(failed.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.json").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("old.json"), encoding: .utf8) == "old")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".part") }
                .isEmpty)
        #expect(try get("/rest/a3cats?q={\"rating\":5}", port: server.port, key: server.key).status == 200)
        #expect(server.terminate() == 0)

        // The server is gone: the local export writes the same bytes.
        let local = try binary.run(["export", "--collection", "a3cats", "--data-dir", "d"], in: folder)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout == export.stdout)
        let localCSV = try binary.run(
            ["export", "--collection", "a3cats", "--format", "csv", "--metafields", "--data-dir", "d"],
            in: folder)
        #expect(localCSV.stdout == (try Data(contentsOf: folder.appendingPathComponent("cats.csv"))))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            let indexes = try RestliteBinary(url: URL(fileURLWithPath: "/usr/bin/sqlite3")).run(
                [
                    "d/restlite.sqlite",
                    "SELECT count(*) FROM sqlite_master WHERE type='index' AND sql LIKE '%rating%'",
                ],
                in: folder)
            #expect(
                String(decoding: indexes.stdout, as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines) != "0")
        }
    }
}
