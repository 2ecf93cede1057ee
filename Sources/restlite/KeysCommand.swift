import ArgumentParser
import PlatformSupport
import PostgresStore
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite keys list|add|remove`: the API keys in a data folder's keys.json, or with
/// `--database` those every process on that PostgreSQL database shares. A running server
/// notices changes within a second; no restart needed.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List, add or remove the API keys of a data folder (keys.json) or of a database.",
        discussion: """
            A running server picks up added and removed keys while it runs. With --database \
            (or RESTLITE_DATABASE_URL) the keys are those kept in that PostgreSQL database, \
            which every restlite process serving it uses.

            Examples:
              restlite keys list
              KEY=$(restlite keys add | tail -1)
              restlite keys add --methods GET,POST --path '/a3cats/**' --origin http://localhost:3000
              restlite keys add --key 5d9f48133cbe87164d4d0a3b --note 'the course app'
              restlite keys remove 5d9f48133cbe87164d4d0a3b
              restlite keys add --database postgres://restlite@db.example/restlite
            """,
        subcommands: [List.self, Add.self, Remove.self]
    )

    /// The flag every keys subcommand shares.
    struct Folder: ParsableArguments {
        @Option(help: "The data folder. [env RESTLITE_DATA_DIR; default ./data]")
        var dataDir: String?

        var path: String {
            dataDir
                ?? ProcessInfo.processInfo.environment["RESTLITE_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
                ?? "./data"
        }

        @Option(help: "A postgres:// URL: the keys kept in that database. [env RESTLITE_DATABASE_URL]")
        var database: String?

        var url: URL { DataFolder(path: path).url }

        /// The database named by `--database` or `RESTLITE_DATABASE_URL`, when there is one.
        var databaseURL: String? {
            database
                ?? ProcessInfo.processInfo.environment["RESTLITE_DATABASE_URL"].flatMap {
                    $0.isEmpty ? nil : $0
                }
        }

        /// Where the keys are: the database's table, or the folder's keys.json (`create`: the
        /// folder may be missing).
        func source(create: Bool = false) throws -> any KeySource {
            guard let databaseURL else {
                return KeyFileSource(url: KeyFile.url(inDataFolder: create ? url : try existing()))
            }
            guard PostgresEngine.accepts(databaseURL) else {
                throw CommandFailure("--database takes a postgres:// or postgresql:// URL")
            }
            // Opening may make restlite's tables: under the start lock, as a first start, an
            // import or a reset, which this waits for (and they for it) until the command ends.
            let startLock = try DataFolderAccess.lockStart(databaseURL)
            do {
                return LockedKeySource(
                    base: DatabaseKeySource(table: try PostgresEngine(url: databaseURL).keyTable),
                    startLock: startLock)
            } catch {
                throw CommandFailure("cannot open \(PostgresURL.redacted(databaseURL)): \(error)")
            }
        }

        /// The keys' place for messages.
        func place(_ source: any KeySource) -> String {
            databaseURL.map { "the database \(PostgresURL.redacted($0))" } ?? source.place
        }

        /// The folder, which must be there: a mistyped `--data-dir` is named, not taken for an
        /// empty key list (nor made into a new folder by `add`). A path through a file or an
        /// unreadable parent is left to the key file's own messages.
        func existing() throws -> URL {
            if case .failure(let error) = Result(catching: { () throws(FileError) in
                try FileSystem.status(url.path)
            }),
                error.code == Errno.noEntry
            {
                throw CommandFailure(
                    """
                    there is no data folder \(url.path) (no such folder); check --data-dir, or make it \
                    with 'restlite serve --data-dir \(path)' (which also seeds it) or 'restlite keys add \
                    --create --data-dir \(path)'
                    """)
            }
            return url
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print one line per key: the key, full or scoped, methods, path, origins.")

        @OptionGroup var folder: Folder

        func run() throws {
            let source = try folder.source()
            let keys = try source.load()
            if keys.isEmpty {
                StandardError.write("No keys in \(folder.place(source)); add one with: restlite keys add\n")
            }
            for key in keys { print(key.summary) }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a key and print it alone on the last line: KEY=$(restlite keys add | tail -1).",
            discussion: """
                Without --methods, --path or --origin the key has full access; with any of them \
                it is scoped (a restdb "web page" key).
                """)

        @OptionGroup var folder: Folder

        @Flag(help: "Full access (the default when no scope is given).")
        var full = false

        @Option(help: "Allowed methods, comma-separated, such as GET,POST.")
        var methods: String?

        @Option(
            help: "Allowed paths after /rest, as a glob: /a3cats/** ('*' within a segment, '**' any depth).")
        var path: String?

        @Option(help: "Allowed Origin, such as http://localhost:3000; repeatable.")
        var origin: [String] = []

        @Option(help: "Use this key (such as the 24-character key a course app has) instead of a random one.")
        var key: String?

        @Option(help: "A note kept with the key.")
        var note: String?

        @Flag(help: "Make the data folder when it is not there (otherwise a missing folder is an error).")
        var create = false

        func run() throws {
            let source = try folder.source(create: create)
            let methodList = methods.map {
                $0.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }) }
            }
            let added: APIKey
            do {
                added = try KeyFile.makeKey(
                    key: key, full: full, methods: methodList ?? [], path: path, origins: origin, note: note)
                try source.add(added)
            } catch let error as KeyEditError {
                throw CommandFailure(error.description)
            }
            print("Added a \(added.full ? "full-access" : "scoped") key to \(folder.place(source)):")
            print(added.key)
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a key.")

        @OptionGroup var folder: Folder

        @Argument(help: "The key to remove.")
        var key: String

        func run() throws {
            let source = try folder.source()
            guard try source.remove(key) else {
                throw CommandFailure("no such key in \(folder.place(source))")
            }
            print("Removed the key.")
        }
    }
}

/// A database's keys, read and changed under its start lock (`PostgresStartLock`), which is
/// released when the command is done with them.
private struct LockedKeySource: KeySource {
    let base: DatabaseKeySource
    let startLock: PostgresStartLock

    var place: String { base.place }
    func load() throws -> [APIKey] { try base.load() }
    func add(_ key: APIKey) throws { try base.add(key) }
    func remove(_ key: String) throws -> Bool { try base.remove(key) }
    func replaceAll(_ keys: [APIKey]) throws { try base.replaceAll(keys) }
    func changeMark() -> String { base.changeMark() }
}
