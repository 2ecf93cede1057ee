import Foundation
import RestLiteTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// End-to-end: what the built `restlite` prints when a new user gets something wrong. Every
/// failure is one `Error:` sentence naming the path or value and the fix, never a dump of an
/// internal error (CocoaError, DecodingError, SQLite's statement text).
@Suite(.offPool) struct UserMessageTests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func expectNoDump(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for dump in ["CocoaError", "DecodingError", "SQLite error", "PRAGMA", "INSERT INTO", "Fix or delete"]
        {
            #expect(!text.contains(dump), "\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func versionPrintsTheVersion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try RestliteBinary().run(["--version"], in: folder)
        #expect(run.status == 0)
        #expect(String(decoding: run.stdout, as: UTF8.self) == "0.5.0\n")
    }

    @Test func aDataFolderThatIsAFileOrUnderAFileIsNamedWithTheFix() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("afile").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))

        let serve = try binary.run(["serve", "--port", "0", "--quiet", "--data-dir", "afile"], in: folder)
        #expect(serve.status == 1)
        #expect(serve.stderr.contains("the data folder \(file) is a file, not a folder"), "\(serve.stderr)")
        #expect(serve.stderr.contains("--data-dir"))
        expectNoDump(serve.stderr)

        let importing = try binary.run(
            ["import", "cats.json", "--collection", "c", "--data-dir", "afile/sub"], in: folder)
        #expect(importing.status == 1)
        #expect(importing.stderr.contains("\(file) is a file, not a folder"), "\(importing.stderr)")
        expectNoDump(importing.stderr)

        let add = try binary.run(["keys", "add", "--data-dir", "afile/sub"], in: folder)
        #expect(add.status == 1)
        #expect(add.stderr.contains("\(file)/sub"), "\(add.stderr)")
        expectNoDump(add.stderr)
    }

    @Test func cannotReadIsNotNoKeysNorNoDatabase() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            FileManager.default.createFile(atPath: folder.appendingPathComponent("afile").path, contents: nil)
        )

        let list = try binary.run(["keys", "list", "--data-dir", "afile/d"], in: folder)
        #expect(list.status == 1)
        #expect(list.stderr.contains("cannot read the key file"), "\(list.stderr)")
        #expect(!list.stderr.contains("No keys"))

        let export = try binary.run(
            ["export", "--collection", "a3cats", "--data-dir", "afile/d"], in: folder)
        #expect(export.status == 1)
        #expect(export.stderr.contains("cannot read the data folder afile/d"), "\(export.stderr)")
        #expect(!export.stderr.contains("holds no restlite database"))
    }

    @Test func aCorruptKeyFileOrDatabaseIsNamedWithTheFix() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: data.appendingPathComponent("keys.json"))
        let list = try binary.run(["keys", "list", "--data-dir", "d"], in: folder)
        #expect(list.status == 1)
        #expect(
            list.stderr.contains("the key file \(data.path)/keys.json is not a valid key list"),
            "\(list.stderr)")
        expectNoDump(list.stderr)

        try Data("this is not a database, only text".utf8).write(
            to: data.appendingPathComponent("restlite.sqlite"))
        let database = data.appendingPathComponent("restlite.sqlite").path
        for arguments in [
            ["export", "--collection", "a3cats", "--data-dir", "d"],
            ["serve", "--port", "0", "--quiet", "--data-dir", "d", "--apikey", "aaaaaaaaaaaaaaaaaaaaaaaa"],
        ] {
            try Data("{\"keys\":[]}".utf8).write(to: data.appendingPathComponent("keys.json"))
            let run = try binary.run(arguments, in: folder)
            #expect(run.status == 1)
            #expect(
                run.stderr.contains("\(database) is not a restlite database"), "\(arguments): \(run.stderr)")
            expectNoDump(run.stderr)
        }
    }

    @Test func aDuplicateKeptIdNamesTheIdAndTheLine() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let id = "5f1e0b7a5d42e8c6b1f0a9aa"
        try Data("_id,name\n\(id),Tom\n\(id),Kit\n".utf8).write(to: folder.appendingPathComponent("cats.csv"))
        let run = try binary.run(
            ["import", "cats.csv", "--collection", "cats", "--keep-ids", "--data-dir", "d"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("cats.csv, line 3"), "\(run.stderr)")
        #expect(run.stderr.contains("the _id \(id) is taken"), "\(run.stderr)")
        expectNoDump(run.stderr)
    }

    @Test func aNegativeRowCountIsNotAMissingValue() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try RestliteBinary().run(["generate", "a3cats", "--rows", "-5"], in: folder)
        #expect(run.status != 0)
        #expect(run.stderr.contains("--rows must be a positive whole number"), "\(run.stderr)")
        #expect(!run.stderr.contains("Missing value"))
    }

    @Test func anOriginWithoutSchemeIsRefusedWithTheSpelledOutOrigin() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("d"), withIntermediateDirectories: true)
        let run = try binary.run(
            ["keys", "add", "--origin", "localhost:3000", "--data-dir", "d"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("http://localhost:3000"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("d/keys.json").path))
        for good in ["http://localhost:3000", "https://example.com/", "*"] {
            #expect(
                try binary.run(["keys", "add", "--origin", good, "--data-dir", "d"], in: folder).status == 0)
        }
        for bad in ["http://localhost:3000/app", "http://"] {
            #expect(
                try binary.run(["keys", "add", "--origin", bad, "--data-dir", "d"], in: folder).status == 1)
        }
    }

    @Test func aMistypedDataFolderIsNamedByKeysListAndNotCreatedByKeysAdd() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typo = folder.appendingPathComponent("dtaa").path
        for arguments in [
            ["keys", "list"], ["keys", "add"], ["keys", "remove", "aaaaaaaaaaaaaaaaaaaaaaaa"],
        ] {
            let run = try binary.run(arguments + ["--data-dir", "dtaa"], in: folder)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains("there is no data folder \(typo) (no such folder)"), "\(run.stderr)")
            #expect(!run.stderr.contains("No keys"))
            #expect(!FileManager.default.fileExists(atPath: typo), "\(arguments) made the folder")
        }
        let created = try binary.run(["keys", "add", "--create", "--data-dir", "dtaa"], in: folder)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(FileManager.default.fileExists(atPath: typo + "/keys.json"))
    }

    /// A folder that is there but may not be written: run as `nobody` through `setpriv` when
    /// the tests run as root (root may write anywhere), else with the folder made read-only.
    @Test func aDataFolderThatIsNotWritableSaysSoAndByWhom() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        var runner = binary
        var prefix: [String] = []
        var user = "uid \(geteuid())"
        if geteuid() == 0 {
            let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
            try #require(FileManager.default.isExecutableFile(atPath: setpriv.path), "needs setpriv as root")
            // nobody may not be able to reach the build folder: a copy in the temporary folder.
            let copy = folder.appendingPathComponent("restlite")
            try FileManager.default.copyItem(at: binary.url, to: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            runner = RestliteBinary(url: setpriv)
            prefix = ["--reuid=65534", "--regid=65534", "--clear-groups", copy.path]
            user = "(uid 65534)"
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: data.path)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: data.path) }
        let run = try runner.run(
            prefix + ["serve", "--port", "0", "--quiet", "--data-dir", data.path], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(data.path) is not writable by "), "\(run.stderr)")
        #expect(run.stderr.contains(user), "\(run.stderr)")
        #expect(run.stderr.contains("it belongs to"), "\(run.stderr)")
        #expect(!run.stderr.contains("No such file or directory"), "\(run.stderr)")
    }

    @Test func indexHelpSaysItGoesThroughARunningServer() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let help = try RestliteBinary().run(["index", "add", "--help"], in: folder)
        let text = String(decoding: help.stdout, as: UTF8.self) + help.stderr
        #expect(!text.contains("Works while a server is"))
        #expect(text.contains("POST /_restlite/indexes"))
    }

    @Test func besideARunningServerImportAndResetSayWhatToDoAndATakenPortLeavesNoData() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--quiet", "--data-dir", "d"], in: folder)
        try Data("[{\"name\":\"Tom\"}]".utf8).write(to: folder.appendingPathComponent("cats.json"))

        let importing = try binary.run(
            ["import", "cats.json", "--collection", "cats", "--data-dir", "d"], in: folder)
        #expect(importing.status == 1)
        #expect(
            importing.stderr.contains("--url") && importing.stderr.contains("--apikey"), "\(importing.stderr)"
        )
        #expect(!importing.stderr.contains("another folder"))

        let reset = try binary.run(["reset", "--yes", "--data-dir", "d"], in: folder)
        #expect(reset.status == 1)
        #expect(reset.stderr.contains("stop it"), "\(reset.stderr)")
        #expect(!reset.stderr.contains("another folder"))

        // Same port, new folder: refused before anything is written there.
        let second = try binary.run(
            ["serve", "--port", "\(server.port)", "--quiet", "--data-dir", "fresh"], in: folder)
        #expect(second.status != 0)
        #expect(second.stderr.contains("port \(server.port)"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("fresh").path))

        // Quiet means quiet, through the signal too.
        #expect(server.terminate() == 0)
        #expect(server.standardError.isEmpty, "\(server.standardError)")
    }
}
