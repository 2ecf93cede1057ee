import Foundation
import RestLiteTesting
import Testing

/// End-to-end: `reset` and `serve --reset` share one seed rule and one transaction, and the data
/// commands leave a new data folder new (so a later `serve` still seeds it).
@Suite(.offPool) struct SeedAndDataFolderCLITests {
    private static let broken = #"[{"catName":"Tom","rating":3},"# + "\n"
    private static let threeCats = """
        [{"catName":"Ann","birthDate":"2004-03-19T15:12:47Z","rating":1},
        {"catName":"Bob","birthDate":"2005-03-19T15:12:47Z","rating":2},
        {"catName":"Cat","birthDate":"2006-03-19T15:12:47Z","rating":3}]
        """

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-seed-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, to name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func exported(_ binary: RestliteBinary, _ folder: URL, dataDir: String = "d") throws -> String {
        let result = try binary.run(["export", "--collection", "a3cats", "--data-dir", dataDir], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    private func rowCount(_ json: String) throws -> Int {
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any]
        return rows?.count ?? -1
    }

    @Test func aBrokenSeedFileLeavesA3catsAsItWasAndAGoodOneReplacesIt() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.broken, to: "broken.json", in: folder)
        try write(Self.threeCats, to: "three.json", in: folder)
        let first = try binary.run(["reset", "--yes", "--data-dir", "d"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try exported(binary, folder)
        #expect(try rowCount(before) == 100)

        let reset = try binary.run(
            ["reset", "--yes", "--seed-file", "broken.json", "--data-dir", "d"], in: folder)
        #expect(reset.status != 0)
        #expect(reset.stderr.contains("broken.json, line 2"), "\(reset.stderr)")
        #expect(
            try exported(binary, folder) == before, "reset must not drop a3cats before the import succeeds")

        let serve = try binary.run(
            ["serve", "--reset", "--yes", "--seed", "broken.json", "--port", "0", "--data-dir", "d"],
            in: folder,
            timeout: .seconds(60))
        #expect(serve.status != 0)
        #expect(try exported(binary, folder) == before, "serve --reset must not drop a3cats either")

        let good = try binary.run(["reset", "--yes", "--seed", "three.json", "--data-dir", "d"], in: folder)
        #expect(good.status == 0, "\(good.stderr)")
        #expect(
            String(decoding: good.stdout, as: UTF8.self).contains("Reset a3cats: 3 rows from three.json."))
        let after = try exported(binary, folder)
        #expect(try rowCount(after) == 3)
        #expect(after.contains(#""birthDate":"2004-03-19T15:12:47.000Z""#), "the schema is inferred anew")
    }

    @Test func resetAndServeResetBothLoadSeedA3catsJsonFromTheWorkingDirectory() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let builtIn = try binary.run(["reset", "--yes", "--data-dir", "d"], in: folder)
        #expect(String(decoding: builtIn.stdout, as: UTF8.self).contains("100 rows from the built-in seed"))

        try write(Self.threeCats, to: "seed/a3cats.json", in: folder)
        let reset = try binary.run(["reset", "--yes", "--data-dir", "d"], in: folder)
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(String(decoding: reset.stdout, as: UTF8.self).contains("3 rows from seed/a3cats.json"))
        #expect(try rowCount(try exported(binary, folder)) == 3)

        try write(
            Self.threeCats.replacingOccurrences(of: "Cat\"", with: "Dot\""), to: "seed/a3cats.json",
            in: folder)
        let server = try ServerProcess(
            binary: binary, arguments: ["--reset", "--yes", "--port", "0", "--data-dir", "d", "--quiet"],
            in: folder)
        #expect(server.banner.contains("reset: imported 3 documents into a3cats from seed/a3cats.json"))
        _ = server.terminate()
        #expect(try exported(binary, folder).contains(#""catName":"Dot""#))
    }

    @Test func failedAndReadOnlyCommandsLeaveANewFolderNewSoServeStillSeedsIt() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.broken, to: "broken.json", in: folder)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let runs: [[String]] = [
            ["import", "broken.json", "--collection", "cats", "--data-dir", "new"],
            ["import", "broken.json", "--collection", "cats", "--data-dir", "empty"],
            ["reset", "--yes", "--seed", "broken.json", "--data-dir", "new"],
            ["export", "--collection", "a3cats", "--data-dir", "new"],
            ["export", "--collection", "a3cats", "--data-dir", "empty"],
            ["index", "add", "--collection", "a3cats", "--field", "rating", "--data-dir", "new"],
        ]
        for arguments in runs {
            let result = try binary.run(arguments, in: folder)
            #expect(result.status != 0, "\(arguments)")
            #expect(
                !FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path),
                "\(arguments)")
            let left = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("empty").path)
            #expect(left.isEmpty, "\(arguments) left \(left)")
        }
        let export = try binary.run(["export", "--collection", "a3cats", "--data-dir", "new"], in: folder)
        #expect(export.stderr.contains("holds no restlite database yet"), "\(export.stderr)")

        for dataDir in ["new", "empty"] {
            let server = try ServerProcess(
                binary: binary, arguments: ["--port", "0", "--data-dir", dataDir, "--quiet"], in: folder)
            #expect(server.banner.contains("new data folder: imported 100 documents"), "\(dataDir)")
            #expect(server.banner.contains("collections: a3cats (100)"), "\(dataDir)")
            _ = server.terminate()  // its exit status is ServeCLITests' business
        }
    }
}
