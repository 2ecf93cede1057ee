import DocumentJSON
import DocumentQuery
import DocumentStore
import PlatformSupport

/// restlite's documents in a PostgreSQL database: the same collections, schemas, ids, system
/// fields and query language as `DocumentStore`, behind `DocumentEngine`.
///
/// Layout: `restlite_collections(id, name, schema, created)` is the catalog; collection `id`
/// keeps its documents in `"docs_<id>"` with `body` (the document's JSON text exactly as
/// restlite writes it, `_id` first, sent as it is), `doc` (the same document as `jsonb`, a
/// generated column, which queries and indexes read) and the system fields in their own
/// columns (`created`/`changed` in ms since the epoch), as `StorageLayout` has them on SQLite.
///
/// Every write runs in one transaction on one pooled connection (`PostgresPool`); unique
/// fields are checked inside it under a per-collection advisory lock, so concurrent writers of
/// any process see each other's values. The query budget is the session's
/// `statement_timeout`. While PostgreSQL is unreachable, calls throw `StoreUnavailable`; the
/// pool reconnects by itself afterwards.
///
/// Ownership argument for `@unchecked Sendable`: the catalog is read and replaced under
/// `catalogLock`, the observers under `observerLock`; the pool guards its connections.
public final class PostgresEngine: SharedEngine, @unchecked Sendable {
    public struct Options: Sendable {
        /// Connections kept open at most (each serves one request at a time).
        public var maximumConnections = 8
        /// The time written into `_created`, `_changed` and new ids.
        public var clock = DocumentClock.system
        /// Where new ids come from.
        public var ids = IDSource.process
        /// The longest one statement may run (`statement_timeout`); nil is no limit.
        public var queryBudget: Duration?
        /// When set, fields that slow reads filter or sort on get indexes by themselves, as on
        /// SQLite (`AutoIndexPolicy`); nil (the default) never indexes on its own.
        public var autoIndex: AutoIndexPolicy?
        /// When the statements of the request path wait for their answer on the CPU; nil
        /// (the default) never.
        public var busyWait: BusyWait?

        public init() {}
    }

    let pool: PostgresPool
    let dialect = PostgresDialect()
    public let clock: DocumentClock
    public let ids: IDSource
    let queryBudget: Duration?
    /// Counts slow reads per field and builds automatic indexes (`Options.autoIndex`).
    let autoIndexer: AutoIndexer?
    /// True when this open created restlite's tables: the database had none (a first start,
    /// which `restlite serve` seeds).
    public let createdTables: Bool
    /// Realtime events to and from the other processes on this database.
    public let eventRelay: any EventRelay
    /// The API keys of every process on this database.
    public let keyTable: any SharedKeyTable
    /// What the processes on this database tell each other (`LISTEN`/`NOTIFY`).
    let notices: PostgresNotices
    /// This process's name in its notices and event rows.
    let origin = ObjectID.generate()
    /// The totals of full list pages and the database state each was counted in.
    let totals = PostgresTotals()
    /// List pages and the database state each was read in, answered again while it holds.
    let pages = PostgresPages()
    /// The database state read by checks that many reads share (`StateChecks`).
    let stateChecks = StateChecks()
    /// Documents read by id and the state each was read in, answered again while it holds.
    let documents: PostgresDocuments
    private let catalogLock = PosixCondition()
    private var catalogByName: [String: CollectionInfo] = [:]
    private let cascadeObservers = CascadeObservers()

    /// The column queries read (`jsonb`).
    static let documentColumn = "doc"
    /// Columns every document query selects, in the order `document(from:)` reads them.
    static let documentColumns = "id, body, created, changed, createdby, changedby, version"

    /// True for `postgres://` and `postgresql://` URLs, the ones this engine opens.
    public static func accepts(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// Connects to the database at `url` (a libpq URL or connection string), loading libpq
    /// first, and creates restlite's tables and functions there when missing.
    public init(url: String, options: Options = Options()) throws {
        let libpq = try LibPQ.shared()
        clock = options.clock
        ids = options.ids
        queryBudget = options.queryBudget
        autoIndexer = options.autoIndex.map(AutoIndexer.init(policy:))
        documents = PostgresDocuments(checks: stateChecks)
        var setup: [String] = []
        if let budget = options.queryBudget {
            setup.append("SET statement_timeout = \(Self.milliseconds(budget))")
        }
        pool = PostgresPool(
            conninfo: url, libpq: libpq, capacity: options.maximumConnections, setup: setup,
            busyWait: options.busyWait)
        notices = PostgresNotices(conninfo: url, libpq: libpq, origin: origin)
        eventRelay = PostgresEventRelay(pool: pool, notices: notices, origin: origin)
        keyTable = PostgresKeyTable(pool: pool, notices: notices)
        createdTables = try pool.with { connection in
            try connection.execute("SELECT to_regclass('restlite_collections') IS NULL").text(0, 0) == "t"
        }
        try pool.with { connection in
            let icu = try connection.execute("SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu'")
            let caseCollation = icu.count > 0 ? "\"und-x-icu\"" : "\"default\""
            try connection.transaction {
                try connection.execute("SET LOCAL statement_timeout = 0")
                try connection.execute("SELECT pg_advisory_xact_lock(\(PostgresFunctions.setupLock))")
                for statement in PostgresFunctions.statements(caseCollation: caseCollation) {
                    try connection.execute(statement)
                }
            }
            let collation = try connection.execute(
                "SELECT datcollate FROM pg_database WHERE datname = current_database()")
            if let name = collation.text(0, 0), name != "C", name != "POSIX" {
                StandardErrorLine.emit(
                    "restlite: the database's collation is \(name), so strings compare and sort by it;"
                        + " create it with LC_COLLATE 'C' (createdb --locale=C -T template0) for restlite's byte order"
                )
            }
            try reloadCatalog(connection)
        }
        followCatalogChanges()
    }

    /// Another process's change to the catalog (a collection made or dropped, a schema or an
    /// index changed, a snapshot restored, a reset) makes this one read the catalog again; so
    /// does a reconnection of the notices, which may have missed some.
    private func followCatalogChanges() {
        let origin = origin
        notices.on(.catalog) { [weak self] sender in
            guard sender != origin else { return }
            self?.catalogChanged()
        }
        notices.onConnect { [weak self] in self?.catalogChanged() }
    }

    private func catalogChanged() {
        _ = try? run { connection in try reloadCatalog(connection) }
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        max(1, duration.wholeMilliseconds)
    }

    // MARK: Catalog

    /// The collection named `name`; a miss re-reads the catalog once (another process may
    /// have made it) before throwing `collectionNotFound`.
    func collection(_ name: String) throws -> CollectionInfo {
        if let info = catalogLock.withLock({ catalogByName[name] }) { return info }
        try run { connection in try reloadCatalog(connection) }
        guard let info = catalogLock.withLock({ catalogByName[name] }) else {
            throw StoreError.collectionNotFound(name, existing: collectionNames())
        }
        return info
    }

    public func collectionNames() -> [String] {
        catalogLock.withLock { catalogByName.keys.sorted() }
    }

    func reloadCatalog(_ connection: PostgresConnection) throws {
        let rows = try connection.execute("SELECT id, name, schema, created FROM restlite_collections")
        var loaded: [String: CollectionInfo] = [:]
        for row in 0..<rows.count {
            let schema = try rows.text(row, 2).map { text in try CollectionSchema(json: try JSON.parse(text))
            }
            let info = CollectionInfo(
                id: rows.int64(row, 0), name: rows.text(row, 1) ?? "", schema: schema,
                created: rows.int64(row, 3))
            loaded[info.name] = info
        }
        catalogLock.withLock { catalogByName = loaded }
    }

    // MARK: Running statements

    /// Runs `body` with a pooled connection, outside a transaction.
    func run<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try mapped { try pool.with(body) }
    }

    /// Runs `body` in one transaction. Kept documents and pages then wait for a read
    /// (`StateChecks.forget`).
    func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        defer { stateChecks.forget() }
        return try mapped {
            try pool.with { connection in try connection.transaction { try body(connection) } }
        }
    }

    /// Runs `body` in one transaction that changes the catalog, and re-reads it afterwards
    /// whether the transaction committed or not. The other processes hear of it when it
    /// commits (`announceCatalogChange`).
    func writeCatalog<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        defer { try? run { connection in try reloadCatalog(connection) } }
        return try write { connection in
            let value = try body(connection)
            try announceCatalogChange(connection)
            return value
        }
    }

    /// Tells the other processes, when the surrounding transaction commits, that the catalog,
    /// a schema or an index changed, so they drop what they keep of it.
    func announceCatalogChange(_ connection: PostgresConnection) throws {
        try connection.execute(PostgresNotices.notifySQL(.catalog), [.text(origin)])
    }

    /// Runs `body` in one read-only snapshot (a page and its total agree).
    func snapshot<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try mapped {
            try pool.with { connection in
                try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                do {
                    let value = try body(connection)
                    try connection.execute("COMMIT")
                    return value
                } catch {
                    if !connection.isBroken { _ = try? connection.execute("ROLLBACK") }
                    throw error
                }
            }
        }
    }

    /// Why a document or query holding U+0000 is refused (docs/API.md, "The PostgreSQL engine").
    static let nulMessage =
        "PostgreSQL cannot hold the character U+0000 (\\u0000) in a text or JSON value, so this"
        + " server's PostgreSQL engine refuses documents and queries that hold it, in a key or a value"

    /// PostgreSQL's refusals of a client's query as `StoreError.badRequest`: the budget
    /// (`statement_timeout`, 57014) with the message SQLite's budget gives, a regular
    /// expression PostgreSQL's engine rejects (2201B), a document or query value holding U+0000
    /// (22P05; nothing of the statement was written).
    func mapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError {
            if error.isTimeout, let queryBudget {
                throw StoreError.badRequest(QueryDeadline(budget: queryBudget).message)
            }
            if error.sqlState == "2201B" {
                throw StoreError.badRequest(
                    "PostgreSQL cannot run this regular expression (\(error.message)); its engine is POSIX ARE,"
                        + " without ICU's \\p{...} classes, named groups or inline flags after the start")
            }
            if error.sqlState == PostgresError.untranslatableCharacter {
                throw StoreError.badRequest(Self.nulMessage)
            }
            throw error
        }
    }

    // MARK: Documents

    static func documents(_ rows: PostgresRows) -> [Document] {
        (0..<rows.count).map { document(rows, $0) }
    }

    static func document(_ rows: PostgresRows, _ row: Int) -> Document {
        Document(
            id: rows.text(row, 0) ?? "", body: rows.bytes(row, 1), created: rows.int64(row, 2),
            changed: rows.int64(row, 3), createdBy: rows.text(row, 4), changedBy: rows.text(row, 5),
            version: rows.int64(row, 6))
    }

    func fetch(_ id: String, info: CollectionInfo, forUpdate: Bool = false, _ connection: PostgresConnection)
        throws -> Document?
    {
        let rows = try connection.executePrepared(
            "SELECT \(Self.documentColumns) FROM \(info.table) WHERE id = ?\(forUpdate ? " FOR UPDATE" : "")",
            [.text(id)])
        return rows.count > 0 ? Self.document(rows, 0) : nil
    }

    /// The SQL condition of a raw `q` over `doc`.
    func condition(for query: JSONValue?) throws -> SQLFragment {
        try DocumentStore.parsed(query).sqlCondition(bodyColumn: Self.documentColumn, dialect: dialect)
    }

    // MARK: Cascades

    public func observeCascadedDeletes(
        _ observer: @escaping @Sendable (_ collection: String, _ ids: [String]) -> Void
    ) {
        cascadeObservers.add(observer)
    }

    func reportCascade(_ cascaded: [(collection: String, ids: [String])]) {
        cascadeObservers.report(cascaded)
    }
}
