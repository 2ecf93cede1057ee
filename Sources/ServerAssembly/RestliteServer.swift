import Console
import DocumentStore
import MediaArchive
import PlatformSupport
import PostgresStore
import RestDBAPI
import RestLiteAdmin
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A running `restlite serve`, without the command line: the data folder's lock, the store
/// (seeded on first start), the keys, and the HTTP server.
///
/// ```swift
/// let server = try await RestliteServer.open(configuration)
/// let port = try server.start()
/// server.http.installSignalHandlers()
/// print(server.banner().text)
/// server.http.waitUntilStopped()
/// ```
public final class RestliteServer: Sendable {
    public let configuration: ServeConfiguration
    /// The data folder; nil for an in-memory server (`ServeConfiguration.memory`).
    public let folder: DataFolder?
    /// The documents: the data folder's SQLite file, in memory, or PostgreSQL (`--database`).
    public let store: any DocumentEngine
    public let keys: KeyRing
    public let http: HTTPServer
    /// The `/_restlite/` admin routes; nil with `--no-admin`.
    public let admin: RestLiteAdmin?
    /// The web console; nil with `--no-console`.
    public let console: Console?
    /// The media archive: `<data>/media`, or in memory (gone at exit) without a data folder.
    public let media: MediaStore
    /// The router `http` serves, for answering requests in-process.
    public let responder: FrozenRouter
    /// What `RestliteApplication.build` assembled: the API, the mounts, the router.
    public let application: RestliteApplication
    /// What this start did besides opening: seeded, reset, created a key.
    public let notes: [String]
    /// True when this start made restlite's tables in a PostgreSQL database (a failed start
    /// drops them again).
    let createdDatabase: Bool
    /// With PostgreSQL, the database's start lock, held until the start is over (`open` or
    /// `openAndStart` returns, or a failed first start's tables are dropped again).
    let startLock: PostgresStartLock?
    // Held for the server's lifetime so no second server shares the folder.
    private let lock: DataFolderLock?

    private init(
        configuration: ServeConfiguration, folder: DataFolder?, lock: DataFolderLock?,
        store: any DocumentEngine,
        keys: KeyRing, serving: Serving, notes: [String], createdDatabase: Bool = false,
        startLock: PostgresStartLock? = nil
    ) {
        self.createdDatabase = createdDatabase
        self.startLock = startLock
        self.configuration = configuration
        self.folder = folder
        self.lock = lock
        self.store = store
        self.keys = keys
        self.http = serving.http
        self.responder = serving.responder
        self.application = serving.application
        self.admin = serving.admin
        self.console = serving.console
        self.media = serving.media
        self.notes = notes
    }

    /// The routes and the server over one store, before its seed.
    private struct Serving {
        let application: RestliteApplication
        let http: HTTPServer
        let media: MediaStore
        var responder: FrozenRouter { application.responder }
        var admin: RestLiteAdmin? { application.admin }
        var console: Console? { application.console }

        init(
            _ configuration: ServeConfiguration, store: any DocumentEngine, keys: KeyRing, media: MediaStore,
            handlerGauge: HandlerGauge? = nil
        ) throws {
            self.media = media
            application = try RestliteApplication.build(
                configuration, store: store, keys: keys, media: media,
                tuning: RestliteApplication.Tuning(handlerGauge: handlerGauge))
            http = application.makeServer()
        }

        /// With `bindFirst` binds the port, then seeds (a `--local-images` seed names the port
        /// clients reach, `--port 0` included), then takes the admin routes' start state.
        func seed(
            _ store: any DocumentEngine, _ configuration: ServeConfiguration, from seed: SeedSource,
            wasNew: Bool,
            bindFirst: Bool
        ) async throws -> [String] {
            do {
                let port = bindFirst ? try RestliteServer.listen(http, configuration) : configuration.port
                let localImages =
                    configuration.localImages
                    ? StandInRoutes.localImageURLs(base: configuration.baseURL(port: port)) : nil
                let notes = try await StoreOpening.seed(
                    store, configuration, from: seed, wasNew: wasNew, localImages: localImages)
                try admin?.captureStartState()
                return notes
            } catch {
                http.shutdown()  // releases a bound port
                throw error
            }
        }
    }

    /// Locks the data folder, opens (and on a new folder seeds) the store and makes sure a
    /// full-access key exists. Does not listen yet: call `start()`. A `--local-images` seed
    /// names `configuration.port` (`openAndStart` names the bound one).
    /// Throws `DataFolderError.inUse` when another server holds the folder.
    public static func open(_ configuration: ServeConfiguration) async throws -> RestliteServer {
        let server = try await open(configuration, bindFirst: false)
        server.startLock?.release()
        return server
    }

    private static func open(_ configuration: ServeConfiguration, bindFirst: Bool) async throws
        -> RestliteServer
    {
        if configuration.memory { return try await openInMemory(configuration, bindFirst: bindFirst) }
        let folder = DataFolder(path: configuration.dataDirectory)
        let lock = try folder.lock()
        let seed = try SeedSource(configured: configuration.seedFile)
        let wasNew = folder.isNew
        do {
            return try await assemble(
                configuration, folder, lock, seed: seed, wasNew: wasNew, bindFirst: bindFirst)
        } catch {
            // The store is closed here: `assemble` let go of it when it threw.
            if wasNew { folder.removeDatabase() }
            throw error
        }
    }

    /// Store, key, routes, server and seed of a data folder.
    private static func assemble(
        _ configuration: ServeConfiguration, _ folder: DataFolder, _ lock: DataFolderLock, seed: SeedSource,
        wasNew: Bool, bindFirst: Bool
    ) async throws -> RestliteServer {
        let opened = try StoreOpening.openStore(folder, configuration)
        let store = opened.store
        // A new SQLite folder is one without its database file; a PostgreSQL database is new
        // when it had no restlite tables.
        let wasNew = configuration.databaseURL == nil ? wasNew : opened.isNew
        do {
            let stored = try StoredKeys.open(for: store, folder, wasNew: wasNew, configuration)
            let keys = stored.ring
            let media = try StoreOpening.openMedia(store, folder)
            let serving = try Serving(
                configuration, store: store, keys: keys, media: media, handlerGauge: opened.handlerGauge)
            var notes = try await serving.seed(
                store, configuration, from: seed, wasNew: wasNew, bindFirst: bindFirst)
            notes.append(contentsOf: stored.notes)
            return RestliteServer(
                configuration: configuration, folder: folder, lock: lock, store: store, keys: keys,
                serving: serving, notes: notes,
                createdDatabase: opened.isNew && configuration.databaseURL != nil, startLock: opened.startLock
            )
        } catch {
            // A new PostgreSQL database is left as it was found (the caller removes a new
            // folder's SQLite file): the next start seeds it. Under the start lock, so no other
            // process has begun using the tables dropped here.
            if opened.isNew { StoreOpening.discardNew(store) }
            opened.startLock?.release()
            throw error
        }
    }

    /// No folder, no lock, no keys.json: the keys given, or one made up for this run.
    private static func openInMemory(_ configuration: ServeConfiguration, bindFirst: Bool) async throws
        -> RestliteServer
    {
        var configuration = configuration
        if configuration.apiKeys.isEmpty { configuration.apiKeys = [APIKey.generate()] }
        let seed = try SeedSource(configured: configuration.seedFile)
        let store = try DocumentStore.inMemory(options: StoreOpening.storeOptions(configuration))
        let keys = try KeyRing(file: nil, fullAccessKeys: configuration.apiKeys)
        let serving = try Serving(configuration, store: store, keys: keys, media: .inMemory())
        let seeded = try await serving.seed(
            store, configuration, from: seed, wasNew: true, bindFirst: bindFirst)
        return RestliteServer(
            configuration: configuration, folder: nil, lock: nil, store: store, keys: keys, serving: serving,
            notes: seeded.isEmpty ? ["in memory"] : seeded)
    }

    fileprivate static func listen(_ http: HTTPServer, _ configuration: ServeConfiguration) throws -> Int {
        do {
            return try http.bind()
        } catch let error as SocketError {
            throw ServeError.cannotListen(host: configuration.host, port: configuration.port, reason: error)
        }
    }

    /// `open` and `start` in one, for `restlite serve`: when the port cannot be bound (or the
    /// opening fails), whatever this start made in the data folder (the folder, the lock file,
    /// the seeded database, the key file) is removed again, so a failed first start leaves no
    /// data the user never saw and the next start is again a first start.
    public static func openAndStart(_ configuration: ServeConfiguration) async throws -> RestliteServer {
        MemoryTuning.mapLargeAllocations()  // drawn pictures' buffers go back to the system
        let footprint =
            configuration.memory ? nil : StartFootprint(DataFolder(path: configuration.dataDirectory))
        let failure: any Error
        var opened: RestliteServer?
        do {
            let server = try await open(configuration, bindFirst: true)
            opened = server
            let running = try started(server)
            running.startLock?.release()
            return running
        } catch {
            failure = error
        }
        if let server = opened, server.createdDatabase { StoreOpening.discardNew(server.store) }
        opened?.startLock?.release()
        opened = nil
        // The server (and so its store and lock) is gone here, before its files are.
        footprint?.undo()
        throw failure
    }

    private static func started(_ server: RestliteServer) throws -> RestliteServer {
        try server.start()
        return server
    }

    /// Binds (unless bound already) and starts serving; returns the bound port. With `portFile`
    /// set, writes the port number (and a newline) there once listening, through a rename so a
    /// reader never sees a half-written file.
    @discardableResult
    public func start() throws -> Int {
        let port: Int
        do {
            port = try http.start()
        } catch let error as SocketError {
            throw ServeError.cannotListen(host: configuration.host, port: configuration.port, reason: error)
        }
        lock?.record(
            url: ServeBanner(
                host: configuration.host, port: port, dataDirectory: "", collections: [], key: nil
            ).url)
        if let portFile = configuration.portFile {
            do {
                try Self.writePortFile(portFile, port: port)
            } catch {
                http.shutdown(grace: .zero)
                throw ServeError.invalidSetting("cannot write the port file \(portFile): \(error)")
            }
        }
        return port
    }

    private static func writePortFile(_ path: String, port: Int) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UInt64.random(in: 0...UInt64.max))")
        try Data("\(port)\n".utf8).write(to: temporary)
        do {
            try FileSystem.rename(temporary.path, to: url.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw DataFolderError.cannotOpen(path: path, errno: error.code)
        }
    }

    /// The start-up banner for the bound port, with a new single-use console sign-in link.
    public func banner() -> ServeBanner {
        let collections = store.collectionNames().map { name in
            (name: name, count: (try? store.count(in: name)) ?? 0)
        }
        var banner = ServeBanner(
            host: configuration.host, port: http.port, dataDirectory: folder?.url.path ?? "none (in memory)",
            database: configuration.databaseURL.map(PostgresURL.redacted),
            collections: collections,
            key: displayedKey(), notes: notes,
            standInBase: configuration.standIns ? configuration.baseURL(port: http.port) : nil)
        banner.adminPath = admin?.options.basePath
        if let console, let key = banner.key {
            banner.consoleLink = (
                console.signInLink(base: banner.url, key: key),
                Int(console.sessions.codeLifetime.components.seconds / 60)
            )
        }
        return banner
    }

    /// A key given with `--apikey` first (it is the one the user's app holds), else the first
    /// full-access key of `keys.json`.
    func displayedKey() -> String? {
        configuration.apiKeys.first ?? keys.keys.first(where: \.full)?.key
    }
}

/// What a data folder held before a start, so a failed start can remove what it made.
struct StartFootprint {
    let folder: DataFolder
    let folderExisted: Bool
    let lockExisted: Bool
    let databaseExisted: Bool
    let keysExisted: Bool
    let mediaExisted: Bool

    init(_ folder: DataFolder) {
        self.folder = folder
        let files = FileManager.default
        folderExisted = files.fileExists(atPath: folder.url.path)
        lockExisted = files.fileExists(atPath: folder.lockURL.path)
        databaseExisted = files.fileExists(atPath: folder.databaseURL.path)
        keysExisted = files.fileExists(atPath: folder.keysURL.path)
        mediaExisted = files.fileExists(atPath: folder.mediaURL.path)
    }

    func undo() {
        if !databaseExisted { folder.removeDatabase() }
        if !keysExisted { try? FileManager.default.removeItem(at: folder.keysURL) }
        if !mediaExisted { try? FileManager.default.removeItem(at: folder.mediaURL) }
        if !lockExisted { try? FileManager.default.removeItem(at: folder.lockURL) }
        if !folderExisted { try? FileManager.default.removeItem(at: folder.url) }
    }
}
