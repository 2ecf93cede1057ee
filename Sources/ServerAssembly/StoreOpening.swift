import DataTransfer
import DocumentJSON
import DocumentStore
import MediaArchive
import PlatformSupport
import PostgresStore
import RestDBAPI
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens a data folder's store for `restlite serve`, then seeds a new folder (or an in-memory
/// store) or resets on request. The two steps are apart so the server can bind its port in
/// between (a seed with `--local-images` names the bound port). The caller deletes the database
/// of a new folder when either step fails, so the next start is again a first start.
enum StoreOpening {
    /// An opened store and whether it is new (so gets the seed): a data folder without its
    /// database file, or a PostgreSQL database without restlite's tables or whose tables no
    /// start has used yet (`restlite keys add` before the first `serve`).
    struct Opened {
        let store: any DocumentEngine
        let isNew: Bool
        /// With PostgreSQL, held from before the look for restlite's tables until the start is
        /// over (seeded, or its tables dropped again): another process starting, importing or
        /// resetting on the database waits for it.
        var startLock: PostgresStartLock?
        /// With PostgreSQL, the count of requests in handlers that lets a statement wait for its
        /// answer on the CPU while its request is the only one (`BusyWait`); the HTTP server
        /// must count into it (`RestliteApplication.Tuning.handlerGauge`).
        var handlerGauge: HandlerGauge?
    }

    /// The data folder's SQLite file, or with `--database` the PostgreSQL database (under its
    /// start lock, which the caller releases when the start is over).
    static func openStore(_ folder: DataFolder, _ configuration: ServeConfiguration) throws -> Opened {
        if let url = configuration.databaseURL {
            let startLock = try lockStart(url)
            let gauge = HandlerGauge()
            let engine = try openPostgres(url, configuration, handlerGauge: gauge)
            let isNew = try engine.createdTables || engine.awaitsFirstStart()
            return Opened(store: engine, isNew: isNew, startLock: startLock, handlerGauge: gauge)
        }
        let isNew = folder.isNew
        do {
            return Opened(
                store: try DocumentStore(path: folder.databaseURL.path, options: storeOptions(configuration)),
                isNew: isNew)
        } catch {
            throw folder.describeOpenFailure(error)
        }
    }

    /// The start lock of the database at `url` (`PostgresStartLock`): another process starting
    /// there at the same time finishes first.
    static func lockStart(_ url: String) throws -> PostgresStartLock {
        do {
            return try PostgresStartLock(url: url)
        } catch let error as StoreUnavailable {
            throw ServeError.invalidSetting(
                "--database \(PostgresURL.redacted(url)): cannot reach PostgreSQL: \(error.reason)")
        } catch {
            throw ServeError.invalidSetting("--database \(PostgresURL.redacted(url)): \(error)")
        }
    }

    /// The PostgreSQL engine at `url` with the configuration's clock, ids, query budget,
    /// automatic indexes and connections. libpq missing, or the server unreachable, is a
    /// setting error that says what to do.
    static func openPostgres(
        _ url: String, _ configuration: ServeConfiguration, handlerGauge: HandlerGauge? = nil
    ) throws -> PostgresEngine {
        var options = postgresOptions(configuration)
        if let handlerGauge { options.busyWait = BusyWait { handlerGauge.count <= 1 } }
        do {
            return try PostgresEngine(url: url, options: options)
        } catch let error as StoreUnavailable {
            throw ServeError.invalidSetting(
                "--database \(PostgresURL.redacted(url)): cannot reach PostgreSQL: \(error.reason)")
        } catch {
            throw ServeError.invalidSetting("--database \(PostgresURL.redacted(url)): \(error)")
        }
    }

    /// The media archive that goes with the documents: in PostgreSQL's database when they are
    /// there (so every process on it sees the same files), else in the data folder's `media/`.
    static func openMedia(_ store: any DocumentEngine, _ folder: DataFolder) throws -> MediaStore {
        if let engine = store as? PostgresEngine {
            return try MediaStore(storage: engine.mediaStorage())
        }
        return try MediaStore(directory: folder.mediaURL.path)
    }

    /// Undoes a first start on PostgreSQL that failed (its seed, say): restlite's tables and
    /// functions are dropped, so the database is empty again and the next start seeds it, as a
    /// new data folder's SQLite file is removed. Tables this start did not make (keys added
    /// before it) stay, and only its first-start mark goes. Nothing to do for SQLite here.
    static func discardNew(_ store: any DocumentEngine) {
        guard let engine = store as? PostgresEngine else { return }
        if engine.createdTables {
            engine.removeTablesMade(after: "the failed first start")
            return
        }
        do {
            try engine.forgetFirstStart()
        } catch {
            StandardErrorLine.emit(
                "restlite: the failed first start could not be undone (\(error));"
                    + " the next start will not seed: drop restlite's tables, or serve an empty database")
        }
    }

    /// The store options the configuration implies: the clock and id source of `--clock` and
    /// `--id-seed` (already checked by `ServeConfiguration.resolve`) and the query budget.
    static func storeOptions(_ configuration: ServeConfiguration) -> DocumentStore.Options {
        var options = DocumentStore.Options()
        options.mmapBytes = configuration.mmapBytes
        options.processExclusive = !configuration.shareDatabase
        if let clock = configuration.clock.flatMap(DocumentClock.parse) { options.clock = clock }
        if let seed = configuration.idSeed { options.ids = .seeded(seed) }
        options.queryBudget = configuration.queryBudget
        options.autoIndex = autoIndexPolicy(configuration)
        return options
    }

    /// The PostgreSQL engine's options the configuration implies.
    static func postgresOptions(_ configuration: ServeConfiguration) -> PostgresEngine.Options {
        var options = PostgresEngine.Options()
        if let clock = configuration.clock.flatMap(DocumentClock.parse) { options.clock = clock }
        if let seed = configuration.idSeed { options.ids = .seeded(seed) }
        options.queryBudget = configuration.queryBudget
        options.autoIndex = autoIndexPolicy(configuration)
        options.maximumConnections = configuration.databaseConnections
        return options
    }

    /// The automatic indexes' policy, the same on both engines; nil with `--no-auto-index`.
    static func autoIndexPolicy(_ configuration: ServeConfiguration) -> AutoIndexPolicy? {
        guard configuration.autoIndex else { return nil }
        var policy = AutoIndexPolicy()
        // Rare lines (an index built or dropped): written even with --quiet.
        policy.log = { line in StandardErrorLine.emit(line) }
        return policy
    }

    /// Seeds a new folder or an in-memory store (or resets) when the configuration asks;
    /// returns the notes for the banner. `localImages` points photo URLs at the stand-ins.
    static func seed(
        _ store: any DocumentEngine, _ configuration: ServeConfiguration, from seed: SeedSource, wasNew: Bool,
        localImages: LocalImageURLs?
    ) async throws -> [String] {
        if configuration.localImages, !wasNew, !configuration.reset {
            // Only a seed takes the flag; say so, or the app shows no pictures offline.
            return [
                "--local-images changes only a new folder's first seed: the photo URLs stored here stay "
                    + "as they are; point them at the stand-ins with: restlite photos local --data-dir "
                    + configuration.dataDirectory
            ]
        }
        guard configuration.seeds, wasNew || configuration.reset else { return [] }
        let summary = try await seed.load(into: store, localImages: localImages)
        let verb =
            configuration.memory
            ? "in memory: imported" : wasNew ? "new data folder: imported" : "reset: imported"
        let documents = Phrase.count(summary.rows, "document")
        let local = localImages.map { ", photo URLs on \($0.base)" } ?? ""
        return ["\(verb) \(documents) into \(SeedData.collection) from \(seed.label)\(local)"]
    }
}
