import Foundation
import MediaArchive
import RestLiteTesting
import Testing

/// End-to-end: the built `restlite` binary, run as a user would (see `RestliteBinary` for how
/// it is found).
@Suite(.offPool) struct RestliteCLITests {
    private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func generateWritesTheSeedFileForItsDocumentedCommand() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try binary.run(["generate", "a3cats", "--rows", "100", "--seed", "2019"], in: folder)
        #expect(result.status == 0)
        let seed = try Data(contentsOf: packageRoot.appendingPathComponent("seed/a3cats.json"))
        #expect(result.stdout == seed)
        let refused = try binary.run(["generate", "dogs"], in: folder)
        #expect(refused.status != 0 && refused.stderr.contains("only one is 'a3cats'"))
    }

    @Test func exportWithMediaDirCopiesTheMediaArchive() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = packageRoot.appendingPathComponent("seed/a3cats.json").path
        #expect(
            try binary.run(["import", seed, "--collection", "a3cats", "--data-dir", "d"], in: folder).status
                == 0)
        let media = try MediaStore(directory: folder.appendingPathComponent("d/media").path)
        let id = try media.add([
            .init(fieldName: "file", filename: "cat.txt", declaredType: nil, bytes: [1, 2, 3])
        ])[0].id
        let result = try binary.run(
            [
                "export", "--collection", "a3cats", "--data-dir", "d", "-o", "out.json", "--media-dir",
                "out-media",
            ],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Copied 1 media file to out-media"))
        let copied = try MediaStore(directory: folder.appendingPathComponent("out-media").path)
        #expect(try copied.record(id)?.originalName == "cat.txt")
    }

    @Test func importThenExportWithKeptIdsGivesTheSameBytes() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = packageRoot.appendingPathComponent("seed/a3cats.json").path
        let imported = try binary.run(
            ["import", seed, "--collection", "a3cats", "--data-dir", "d"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let stdout = String(decoding: imported.stdout, as: UTF8.self)
        #expect(stdout.contains("birthDate: date, weightKg: float_number, rating: number"))
        #expect(stdout.contains("Imported 100 rows into a3cats"))

        let first = try binary.run(
            ["export", "--collection", "a3cats", "--data-dir", "d", "-o", "out.json"], in: folder)
        #expect(first.status == 0)
        let exported = try Data(contentsOf: folder.appendingPathComponent("out.json"))
        #expect(
            String(decoding: exported, as: UTF8.self).contains(#""birthDate":"2015-11-08T08:58:51.000Z""#))
        let again = try binary.run(
            ["import", "out.json", "--collection", "a3cats", "--replace", "--keep-ids", "--data-dir", "d"],
            in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try binary.run(["export", "--collection", "a3cats", "--data-dir", "d"], in: folder)
        #expect(second.stdout == exported)
    }

    /// Text that looks like a number or a boolean must stay text through CSV, so an export
    /// imports into a new folder (where the schema is inferred from the CSV) and exports again
    /// byte for byte.
    @Test func csvExportImportsIntoANewFolderAndExportsTheSameBytes() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = [
            #"{"t":"Felis","n":1,"b":true,"d":"2004-03-19T15:12:47Z","o":{"a":[1,2]},"s":"a, \"b\""}"#,
            #"{"t":"123","n":2.50,"b":false,"d":"2005-01-01T00:00:00.5Z","o":null,"s":""}"#,
            #"{"t":"true","n":-3,"b":null,"d":null,"o":[],"s":" edge "}"#,
            #"{"t":"2.50","n":1e3,"b":true,"d":"2006-06-06T06:06:06Z","o":{},"s":"1e5"}"#,
            #"{"t":null,"n":0,"b":false,"d":"2007-07-07T07:07:07Z","o":{"k":"v"},"s":"007"}"#,
        ]
        try Data(rows.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("rows.jsonl"))
        let imported = try binary.run(
            ["import", "rows.jsonl", "--collection", "c", "--data-dir", "a"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let first = try binary.run(
            ["export", "--collection", "c", "--format", "csv", "--data-dir", "a", "-o", "a.csv"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try binary.run(
            ["import", "a.csv", "--collection", "c", "--keep-ids", "--data-dir", "b"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        let second = try binary.run(
            ["export", "--collection", "c", "--format", "csv", "--data-dir", "b"], in: folder)
        let exported = try Data(contentsOf: folder.appendingPathComponent("a.csv"))
        #expect(second.stdout == exported)
        let text = String(decoding: exported, as: UTF8.self)
        #expect(text.contains(#","123",2.50,false,"#) && text.contains(#","true",-3,,"#), "\(text)")
    }

    @Test func indexAddDeclaresBothIndexesAndRefusesUnknownCollections() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let seed = packageRoot.appendingPathComponent("seed/a3cats.json").path
        let imported = try binary.run(
            ["import", seed, "--collection", "a3cats", "--data-dir", "d"], in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        let added = try binary.run(
            ["index", "add", "--collection", "a3cats", "--field", "rating", "--data-dir", "d"], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(String(decoding: added.stdout, as: UTF8.self).contains("Indexed a3cats.rating"))
        // The last connection checkpoints the WAL on close, so the schema is in the main file.
        let database = try Data(contentsOf: folder.appendingPathComponent("d/restlite.sqlite"))
        let text = String(decoding: database, as: UTF8.self)
        #expect(text.contains("_rating_v_") && text.contains("_rating_s_"))
        let refused = try binary.run(
            ["index", "add", "--collection", "dogs", "--field", "x", "--data-dir", "d"], in: folder)
        #expect(refused.status != 0 && refused.stderr.contains("dogs"))
        let listed = try binary.run(["index", "list", "--data-dir", "d"], in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(
            String(decoding: listed.stdout, as: UTF8.self)
                == "a3cats.rating           filter, sort  declared\n")
        let removed = try binary.run(
            ["index", "remove", "--collection", "a3cats", "--field", "rating", "--data-dir", "d"], in: folder)
        #expect(
            removed.status == 0
                && String(decoding: removed.stdout, as: UTF8.self).contains(
                    "Removed the index on a3cats.rating")
        )
        let none = try binary.run(["index", "list", "--collection", "a3cats", "--data-dir", "d"], in: folder)
        #expect(String(decoding: none.stdout, as: UTF8.self) == "No indexes on a3cats.\n")
        let again = try binary.run(
            ["index", "remove", "--collection", "a3cats", "--field", "rating", "--data-dir", "d"], in: folder)
        #expect(again.status == 1 && again.stderr.contains("a3cats.rating has no index"), "\(again.stderr)")
    }

    @Test func aBadFileFailsNamingTheLineAndImportsNothing() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("name,rating\nTom,3\nAnn,lots\n".utf8).write(to: folder.appendingPathComponent("bad.csv"))
        let result = try binary.run(
            ["import", "bad.csv", "--collection", "cats", "--data-dir", "d"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("column \"rating\" mixes numbers (line 2) and text (line 3)"))
        let reset = try binary.run(["reset", "--data-dir", "d"], in: folder)
        #expect(reset.status != 0 && reset.stderr.contains("--yes"))
    }
}

/// The `--url` flag checks that run before any request.
@Suite(.offPool) struct RemoteImportFlagTests {
    @Test func urlRefusesKeepIdsAndDataDirAndNeedsAKey() throws {
        let binary = try RestliteBinary()
        let folder = FileManager.default.temporaryDirectory
        let base = ["import", "cats.json", "--collection", "cats", "--url", "http://127.0.0.1:9"]
        let keepIds = try binary.run(base + ["--apikey", "k", "--keep-ids"], in: folder)
        #expect(keepIds.status != 0 && keepIds.stderr.contains("--keep-ids cannot be used with --url"))
        let dataDir = try binary.run(base + ["--apikey", "k", "--data-dir", "d"], in: folder)
        #expect(dataDir.status != 0 && dataDir.stderr.contains("--data-dir and --url exclude each other"))
        let noKey = try binary.run(base, in: folder)
        #expect(noKey.status != 0 && noKey.stderr.contains("--url needs --apikey"))
        let badURL = try binary.run(
            ["import", "cats.json", "--collection", "cats", "--url", "localhost", "--apikey", "k"], in: folder
        )
        #expect(badURL.status != 0 && badURL.stderr.contains("needs an http or https URL"))
        #if !canImport(Darwin)
            let https = try binary.run(
                [
                    "import", "cats.json", "--collection", "cats", "--url", "https://x.restdb.io", "--apikey",
                    "k",
                ],
                in: folder)
            #expect(https.status != 0 && https.stderr.contains("https needs macOS"))
        #endif
    }
}
