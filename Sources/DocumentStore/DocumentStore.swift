import DocumentJSON
import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// restlite's documents in one SQLite file: collections, their schemas, and JSON documents.
///
/// Synchronous and thread-safe: a server's worker threads call it directly. Writes run one at a
/// time on the writer connection, each in its own transaction that is committed before the
/// call returns; reads run on pooled reader connections in parallel with the writer (WAL).
///
/// Ownership argument for `@unchecked Sendable`: the store's only mutable state is the
/// collection catalog (`catalogByName`), read and replaced under `catalogLock`, the
/// tiers of the automatic indexes (`AutomaticTiers`, whose own argument is there), and the
/// connections inside `pool`, whose own argument is on `ConnectionPool`. Everything else is
/// immutable after `init`.
public final class DocumentStore: @unchecked Sendable {
    /// Options for opening a store.
    public struct Options: Sendable {
        /// `.normal` survives a killed process; `.full` also survives power loss (one fsync per
        /// commit).
        public var synchronous: SQLiteConfiguration.Synchronous = .normal
        /// Reader connections kept at most; more concurrent readers wait for one.
        public var maximumReaders = 16
        public var busyTimeoutMilliseconds = 5000
        /// Bytes of the file read through a memory map (`SQLiteConfiguration.mmapBytes`; 0 is
        /// off). Large scans of big collections gain from it; `restlite serve` turns it off
        /// (its reads are pages of an index walk, and mapped pages count in its RSS).
        public var mmapBytes = SQLiteConfiguration().mmapBytes
        /// Keep the file to this process (`SQLiteConfiguration.processExclusive`): faster
        /// transactions, but no other process can open the store meanwhile. `restlite serve`
        /// turns it on unless started with `--share-database`.
        public var processExclusive = false
        /// The time written into `_created`, `_changed` and new ids; the system clock by default.
        public var clock = DocumentClock.system
        /// Where new ids come from; random per process by default.
        public var ids = IDSource.process
        /// The longest one client query (a find, count, or the selection of an update or
        /// delete by query) may run before it ends in `StoreError.badRequest`; nil is no limit.
        /// `restlite serve` sets 2 s (`--query-budget`).
        public var queryBudget: Duration?
        /// When set, fields that slow reads filter or sort on get indexes by themselves
        /// (`AutoIndexPolicy`); nil (the default) never indexes on its own. `restlite serve`
        /// sets it unless started with `--no-auto-index`.
        public var autoIndex: AutoIndexPolicy?

        public init() {}
    }

    /// Upper bound for `FindRequest.max`.
    public static let defaultMax = 1000

    let pool: ConnectionPool
    /// The time of writes (`Options.clock`).
    public let clock: DocumentClock
    /// The source of new ids (`Options.ids`).
    public let ids: IDSource
    /// `Options.queryBudget`.
    let queryBudget: Duration?
    /// Counts slow reads per field and builds automatic indexes (`Options.autoIndex`).
    let autoIndexer: AutoIndexer?
    /// The tiers of the automatic indexes, as reads split themselves over them.
    let automaticTiers = AutomaticTiers()
    /// Told, after a delete committed, of the children it deleted with their parents; see
    /// `observeCascadedDeletes`.
    private let cascadeObservers = CascadeObservers()
    private let catalogLock = PosixCondition()
    private var catalogByName: [String: CollectionInfo] = [:]

    /// Opens or creates the store at `path` and brings its schema up to date.
    public init(path: String, options: Options = Options()) throws {
        clock = options.clock
        ids = options.ids
        let configuration = SQLiteConfiguration(
            synchronous: options.synchronous, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds,
            mmapBytes: options.mmapBytes, processExclusive: options.processExclusive)
        pool = try ConnectionPool(
            path: path, configuration: configuration, maximumReaders: options.maximumReaders)
        queryBudget = options.queryBudget
        autoIndexer = options.autoIndex.map(AutoIndexer.init(policy:))
        try pool.write { connection in
            try StorageLayout.migrator.migrate(connection)
            try reloadCatalog(connection)
        }
    }

    /// A store in memory, nothing on disk, gone when the store is released. Its connections
    /// (one writer, pooled readers) share one database through SQLite's `memdb` VFS under a
    /// name unique to this store, so two in-memory stores in one process never meet.
    public static func inMemory(options: Options = Options()) throws -> DocumentStore {
        var options = options
        options.processExclusive = false
        options.mmapBytes = 0
        let name = "restlite-\(ISODate.nowMilliseconds())-\(UInt64.random(in: 0...UInt64.max))"
        return try DocumentStore(path: "file:/\(name)?vfs=memdb", options: options)
    }

    /// The collection named `name`, from the in-memory catalog.
    func collection(_ name: String) throws(StoreError) -> CollectionInfo {
        catalogLock.lock()
        let info = catalogByName[name]
        catalogLock.unlock()
        guard let info else { throw .collectionNotFound(name, existing: collectionNames()) }
        return info
    }

    /// The names of all collections, sorted.
    public func collectionNames() -> [String] {
        catalogLock.lock()
        defer { catalogLock.unlock() }
        return catalogByName.keys.sorted()
    }

    /// Re-reads the catalog; called with the writer after every committed catalog change.
    func reloadCatalog(_ connection: SQLiteConnection) throws {
        var loaded: [String: CollectionInfo] = [:]
        try connection.forEachRow("SELECT id, name, schema, created FROM collections") { row in
            let schema = try row.text(2).map { text in try CollectionSchema(json: try JSON.parse(text)) }
            let info = CollectionInfo(
                id: row.int64(0), name: row.text(1) ?? "", schema: schema, created: row.int64(3))
            loaded[info.name] = info
        }
        catalogLock.lock()
        catalogByName = loaded
        catalogLock.unlock()
        try reloadTiers(connection)
    }

    /// Runs `body` in a write transaction and reloads the catalog afterwards, whether the
    /// transaction committed or not, so memory never disagrees with the file.
    func writeCatalog<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try pool.write { connection in
            defer { try? reloadCatalog(connection) }
            return try connection.transaction { try body(connection) }
        }
    }
}

extension DocumentStore {
    /// Calls `observer` after every committed delete that also deleted children of what it
    /// deleted (`child` fields of the schema), once per child collection touched, with the
    /// children's ids (realtime `delete` events use it). Observers cannot be removed.
    public func observeCascadedDeletes(
        _ observer: @escaping @Sendable (_ collection: String, _ ids: [String]) -> Void
    ) {
        cascadeObservers.add(observer)
    }

    /// Tells the observers what a committed delete took with it.
    func reportCascade(_ cascaded: [(collection: String, ids: [String])]) {
        cascadeObservers.report(cascaded)
    }
}
