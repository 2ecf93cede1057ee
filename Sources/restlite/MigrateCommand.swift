import ArgumentParser
import DataTransfer
import DocumentStore
import MediaArchive
import PlatformSupport
import PostgresStore
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite migrate --from ./data --to postgres://...` (or back): every collection moved in one
/// transaction, then compared.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Move every collection between a data folder (SQLite) and PostgreSQL, either way.",
        discussion: """
            --from and --to each take a data folder or a postgres:// URL. Every collection moves \
            with its schema, ids, system fields (_created, _changed, _version, ...) and child \
            collection links, read from one transaction and written in one: the target gets all \
            of it or nothing. Declared indexes are made again on the target. Then both sides are \
            compared document by document; a difference fails the command.

            The target must be empty (a new folder, or a database without collections); \
            --replace replaces what it holds. A data folder must not be served meanwhile. \
            The API keys move too: a folder's keys.json into the database's key table (which \
            every process serving the database uses), or the table into the folder's keys.json; \
            without --replace, keys already on the target are kept beside them. The media archive \
            moves as well: a folder's media/ into the database (where every process on it sees \
            the files), or the database's files into media/; each file is compared after the \
            copy. Serve the migrated database with 'restlite serve --data-dir DIR --database URL'.

            Examples:
              restlite migrate --from ./data --to postgres://me@127.0.0.1:5432/restlite
              restlite migrate --from postgres://me@127.0.0.1:5432/restlite --to ./data-copy
            """
    )

    @Option(help: ArgumentHelp("The data folder or postgres:// URL to copy from.", valueName: "folder|url"))
    var from: String

    @Option(help: ArgumentHelp("The data folder or postgres:// URL to copy into.", valueName: "folder|url"))
    var to: String

    @Flag(help: "Replace whatever the target holds.")
    var replace = false

    func validate() throws {
        if from == to { throw ValidationError("--from and --to name the same place") }
    }

    func run() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let source = try Side.open(from, role: "source")
        let target = try Side.open(to, role: "target")
        print("migrating \(source.label) -> \(target.label)")
        let summary: StoreMigration.Summary
        do {
            summary = try StoreMigration.copy(
                from: source.engine, to: target.engine, replace: replace,
                declaredIndexes: source.declaredIndexes
            ) { line in print("  \(line)") }
        } catch let failure as StoreMigration.Failure {
            target.discardIfNew()
            throw CommandFailure("\(failure). Nothing was changed.")
        } catch {
            target.discardIfNew()
            throw CommandFailure("the migration failed: \(error). Nothing was changed on the target.")
        }
        let differences = try StoreMigration.verify(source: source.engine, target: target.engine)
        guard differences.isEmpty else {
            throw CommandFailure(
                "the target differs from the source after the copy:\n"
                    + differences.map { "  \($0)" }.joined(separator: "\n"))
        }
        let keys = try Self.copyKeys(from: source, to: target, replace: replace)
        print("  keys: \(Phrase.count(keys, "key")) copied and compared")
        let files = try copyMedia(from: source, to: target)
        let seconds = ((clock.now - started).fractionalSeconds * 100).rounded() / 100
        print(
            "  verified: \(Phrase.count(summary.collections, "collection")) and "
                + "\(Phrase.count(summary.documents, "document")) match, "
                + "\(Phrase.count(files, "media file")) copied, in \(seconds) s")
        print(target.nextStep(source: source))
    }

    /// The source's keys onto the target (replacing the target's with `replace`, else beside
    /// them), then compared; returns how many the source has.
    static func copyKeys(from source: Side, to target: Side, replace: Bool) throws -> Int {
        let keys: [APIKey]
        do {
            keys = try source.keys.load()
            if keys.isEmpty && !replace { return 0 }
            let kept =
                replace ? [] : try target.keys.load().filter { old in !keys.contains { $0.key == old.key } }
            try target.keys.replaceAll(kept + keys)
        } catch {
            throw CommandFailure(
                "the documents were copied and verified, but the keys were not: \(error); "
                    + "add them with restlite keys add")
        }
        let copied = Set(try target.keys.load())
        if let missing = keys.first(where: { !copied.contains($0) }) {
            let shown = String(missing.key.prefix(6)) + "..."
            throw CommandFailure("the key \(shown) differs on the target after the copy")
        }
        return keys.count
    }

    /// The media archive follows the documents: a data folder's `media/` into the database's
    /// media tables, or back; then both sides are compared file by file.
    private func copyMedia(from source: Side, to target: Side) throws -> Int {
        do {
            let from = try source.media()
            let into = try target.media()
            let count = try into.copyAll(from: from, replace: replace)
            let left = try from.all()
            let right = try into.all().filter { record in left.contains { $0.id == record.id } }
            guard left == right else {
                throw CommandFailure("the media files differ on the target after the copy")
            }
            for record in left {
                // A piece at a time: a large file is never whole in memory twice.
                for start in stride(from: 0, to: record.size, by: 1 << 20) {
                    let piece = start..<min(record.size, start + (1 << 20))
                    if try from.contents(of: record, range: piece) != into.contents(of: record, range: piece)
                    {
                        throw CommandFailure(
                            "the media file \(record.id) differs on the target after the copy")
                    }
                }
            }
            if count > 0 { print("  copied \(Phrase.count(count, "media file"))") }
            return count
        } catch let error as MediaStoreError {
            throw CommandFailure(
                "the documents moved, but the media files did not: \(error.message) (run it again with --replace)"
            )
        }
    }

    /// One side of the migration: a data folder (locked while the command runs) or PostgreSQL.
    struct Side {
        let label: String
        let engine: any SnapshottingEngine
        let folder: DataFolder?
        let wasNew: Bool
        let lock: DataFolderLock?
        /// The side's API keys: the folder's keys.json or the database's key table.
        let keys: any KeySource

        static func open(_ place: String, role: String) throws -> Side {
            if PostgresEngine.accepts(place) {
                do {
                    let engine = try PostgresEngine(url: place)
                    return Side(
                        label: PostgresURL.redacted(place), engine: engine, folder: nil,
                        wasNew: engine.createdTables,
                        lock: nil,
                        keys: DatabaseKeySource(table: engine.keyTable))
                } catch {
                    throw CommandFailure("cannot open the \(role) \(PostgresURL.redacted(place)): \(error)")
                }
            }
            let folder = DataFolder(path: place)
            if role == "source" && folder.isNew {
                throw CommandFailure("\(place) holds no restlite database (no restlite.sqlite) to migrate")
            }
            let lock: DataFolderLock
            do {
                lock = try folder.lock()
            } catch DataFolderError.inUse {
                throw CommandFailure("a restlite server is running on \(place); stop it and run this again")
            }
            let wasNew = folder.isNew
            do {
                return Side(
                    label: place, engine: try DocumentStore(path: folder.databaseURL.path), folder: folder,
                    wasNew: wasNew, lock: lock, keys: KeyFileSource(url: folder.keysURL))
            } catch {
                throw folder.describeOpenFailure(error)
            }
        }

        /// The side's media archive: the folder's `media/`, or the database's.
        func media() throws(MediaStoreError) -> MediaStore {
            if let engine = engine as? PostgresEngine {
                return try MediaStore(storage: engine.mediaStorage())
            }
            return try MediaStore(directory: folder?.mediaURL.path)
        }

        /// The fields with a declared (not automatic) index, as the SQLite store lists them.
        var declaredIndexes: ((String) throws -> [String])? {
            guard let store = engine as? DocumentStore else { return nil }
            return { name in try store.indexes(of: name).filter { !$0.automatic }.map(\.field) }
        }

        /// A folder or database this command created restlite's tables in gets no half-made
        /// database: a later `serve` finds it empty and seeds it, as a new one.
        func discardIfNew() {
            guard wasNew else { return }
            if let folder {
                folder.removeDatabase()
            } else if let database = engine as? PostgresEngine {
                database.removeTablesMade(after: "the failed migration")
            }
        }

        func nextStep(source: Side) -> String {
            if folder == nil, let dataFolder = source.folder {
                return "serve it: restlite serve --data-dir \(dataFolder.url.path) --database \(label) "
                    + "(the keys and the media files are the database's now)"
            }
            return
                "serve it: restlite serve --data-dir \(label) (the keys and the media files are in the folder now)"
        }
    }
}
