import DocumentStore
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
    public let folder: DataFolder
    public let store: DocumentStore
    public let keys: KeyRing
    public let http: HTTPServer
    /// The `/_restlite/` admin routes; nil with `--no-admin`.
    public let admin: RestLiteAdmin?
    /// The router `http` serves, for answering requests in-process.
    public let responder: FrozenRouter
    /// What this start did besides opening: seeded, reset, created a key.
    public let notes: [String]
    // Held for the server's lifetime so no second server shares the folder.
    private let lock: DataFolderLock

    private init(
        configuration: ServeConfiguration, folder: DataFolder, lock: DataFolderLock, store: DocumentStore,
        keys: KeyRing, notes: [String], admin: RestLiteAdmin?
    ) {
        self.configuration = configuration
        self.folder = folder
        self.lock = lock
        self.store = store
        self.keys = keys
        self.notes = notes
        self.admin = admin
        let api = RestAPI(store: store, keys: keys, options: .init(strict: configuration.strict))
        responder = api.makeResponder(mounts: admin.map { [$0] } ?? [])
        http = HTTPServer(configuration: configuration.httpConfiguration, responder: responder)
    }

    /// Locks the data folder, opens (and on a new folder seeds) the store and makes sure a
    /// full-access key exists. Does not listen yet: call `start()`.
    /// Throws `DataFolderError.inUse` when another server holds the folder.
    public static func open(_ configuration: ServeConfiguration) async throws -> RestliteServer {
        let folder = DataFolder(path: configuration.dataDirectory)
        let lock = try folder.lock()
        let opening = try await StoreOpening.open(folder, configuration: configuration)
        var notes = opening.notes
        if try ensureFullKey(folder, wasNew: opening.wasNew, configuration) != nil {
            notes.append("created a full-access key in \(folder.keysURL.path)")
        }
        let keys = try KeyRing(file: folder.keysURL, fullAccessKeys: configuration.apiKeys)
        let admin = try RestLiteAdmin.forServe(configuration, store: opening.store, keys: keys)
        return RestliteServer(
            configuration: configuration, folder: folder, lock: lock, store: opening.store, keys: keys,
            notes: notes, admin: admin)
    }

    /// Binds and starts serving; returns the bound port.
    @discardableResult
    public func start() throws -> Int {
        do {
            return try http.start()
        } catch let error as SocketError {
            throw ServeError.cannotListen(host: configuration.host, port: configuration.port, reason: error)
        }
    }

    /// The start-up banner for the bound port.
    public func banner() -> ServeBanner {
        let collections = store.collectionNames().map { name in
            (name: name, count: (try? store.count(in: name)) ?? 0)
        }
        var banner = ServeBanner(
            host: configuration.host, port: http.port, dataDirectory: folder.url.path,
            collections: collections,
            key: displayedKey(), notes: notes)
        banner.adminPath = admin?.options.basePath
        return banner
    }

    /// A key given with `--apikey` first (it is the one the user's app holds), else the first
    /// full-access key of `keys.json`.
    func displayedKey() -> String? {
        configuration.apiKeys.first ?? keys.keys.first(where: \.full)?.key
    }

    /// A new folder always gets a written key (so it works later without `--apikey`); an old one
    /// only when it has no full-access key and none was given on the command line.
    private static func ensureFullKey(_ folder: DataFolder, wasNew: Bool, _ configuration: ServeConfiguration)
        throws -> String?
    {
        let existing = try KeyFile.load(from: folder.keysURL).keys
        if existing.contains(where: \.full) { return nil }
        if !wasNew && !configuration.apiKeys.isEmpty { return nil }
        return try KeyFile.addKey(inDataFolder: folder.url, full: true, note: "created by restlite serve").key
    }
}
