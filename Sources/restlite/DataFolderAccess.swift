import DocumentStore
import PlatformSupport
import PostgresStore
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opening a data folder's store (or with `--database` a PostgreSQL database) for the data
/// commands. Writers take the folder's lock, so an
/// import never races a running server (which answers `--url` imports instead).
///
/// A data command never leaves a half-made database behind: `restlite serve` seeds a folder
/// only while it has no `restlite.sqlite`, so a database created by a command that then
/// failed (or by one that only reads) would keep that folder from ever being seeded.
struct DataFolderAccess {
    let folder: DataFolder
    let store: any IndexingEngine
    /// The PostgreSQL engine, when the store is a `--database`.
    var engine: PostgresEngine? { store as? PostgresEngine }

    /// For commands that use what is there (export, index): the folder must already hold a
    /// database. Nothing is created, not even the folder.
    static func openExisting(_ path: String, database: String? = nil) throws -> DataFolderAccess {
        if let database {
            let startLock = try lockStart(database)
            defer { startLock.release() }
            let engine = try openDatabase(database)
            guard !engine.createdTables else {
                // Opening made restlite's tables: take them away again, or a later `serve` would
                // take the database for one it seeded already.
                engine.removeTablesMade(after: "reading a database without restlite's tables")
                throw CommandFailure(
                    """
                    \(PostgresURL.redacted(database)) holds no restlite database yet (no restlite tables); \
                    import a file into it or start 'restlite serve --database URL' first
                    """)
            }
            return DataFolderAccess(folder: DataFolder(path: path), store: engine)
        }
        let folder = DataFolder(path: path)
        if case .unreadable(let code) = folder.databasePresence() {
            throw DataFolderError.cannotRead(path: path, errno: code)
        }
        guard !folder.isNew else {
            throw CommandFailure(
                """
                \(path) holds no restlite database yet (no restlite.sqlite); import a file into it \
                or start 'restlite serve --data-dir \(path)' first
                """)
        }
        return DataFolderAccess(folder: folder, store: try openStore(folder, shownAs: path))
    }

    /// For commands that may create the database (import, reset): takes the folder's lock and
    /// runs `body` on the store. When `body` fails on a folder that had no database, the folder
    /// is put back as it was, the way `serve` does after a failed first seed: the database goes
    /// (`DataFolder.removeDatabase`), and so do the lock file and the folder if this command
    /// made them.
    ///
    /// A running server holds the lock; the error then says `whenServing`: what to do instead.
    static func withStore<T>(
        creatingIn path: String, database: String? = nil, whenServing advice: String,
        _ body: (any DocumentEngine) async throws -> T
    ) async throws -> T {
        if let database {
            // Several processes may write to one database: no folder lock, but its start lock
            // (a start, import or reset elsewhere waits, and this waits for them). A database
            // this command made restlite's tables in is left empty again when the command fails.
            let startLock = try lockStart(database)
            defer { startLock.release() }
            let engine = try openDatabase(database)
            do {
                return try await body(engine)
            } catch {
                if engine.createdTables { engine.removeTablesMade(after: "the failed command") }
                throw error
            }
        }
        let folder = DataFolder(path: path)
        let folderExisted = FileManager.default.fileExists(atPath: folder.url.path)
        let lockExisted = FileManager.default.fileExists(atPath: folder.lockURL.path)
        let lock: DataFolderLock
        do {
            lock = try folder.lock()
        } catch DataFolderError.inUse {
            throw CommandFailure("a restlite server is running on the data folder \(path); \(advice)")
        }
        defer { withExtendedLifetime(lock) {} }  // held until the clean-up below is done
        let wasNew = folder.isNew
        do {
            // The store is released when this call returns, before any file is deleted.
            return try await run(body, on: folder, shownAs: path)
        } catch {
            if wasNew {
                folder.removeDatabase()
                if !lockExisted { try? FileManager.default.removeItem(at: folder.lockURL) }
                if !folderExisted { FileSystem.removeEmptyDirectory(folder.url.path) }
            }
            throw error
        }
    }

    private static func run<T>(
        _ body: (any DocumentEngine) async throws -> T, on folder: DataFolder, shownAs path: String
    ) async throws -> T {
        try await body(try openStore(folder, shownAs: path))
    }

    /// The start lock of the database at `url` (`PostgresStartLock`), held while a command
    /// may make or drop restlite's tables there.
    static func lockStart(_ url: String) throws -> PostgresStartLock {
        do {
            return try PostgresStartLock(url: url)
        } catch {
            throw CommandFailure("cannot open the database \(PostgresURL.redacted(url)): \(error)")
        }
    }

    /// The PostgreSQL engine at `url`; libpq missing or the server unreachable fails the command.
    static func openDatabase(_ url: String) throws -> PostgresEngine {
        do {
            return try PostgresEngine(url: url)
        } catch {
            throw CommandFailure("cannot open the database \(PostgresURL.redacted(url)): \(error)")
        }
    }

    private static func openStore(_ folder: DataFolder, shownAs path: String) throws -> DocumentStore {
        var options = DocumentStore.Options()
        // A server sharing the file holds its write lock for milliseconds; one keeping the file
        // to itself never lets go, so there is no point waiting long.
        options.busyTimeoutMilliseconds = 1500
        do {
            return try DocumentStore(path: folder.databaseURL.path, options: options)
        } catch let error as SQLiteError where error.isBusy {
            throw CommandFailure(
                """
                the database in \(path) is in use by a running restlite serve, which keeps it to \
                itself. Stop the server, or start it with --share-database, and run this again.
                """)
        } catch {
            throw folder.describeOpenFailure(error)
        }
    }
}
