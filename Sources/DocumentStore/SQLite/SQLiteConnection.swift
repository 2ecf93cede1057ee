import CSQLite
import DocumentQuery

/// One SQLite connection with its statement cache.
///
/// Not `Sendable`: a connection and its statements are used by one thread at a time, and only
/// through an owner that serialises access (`ConnectionPool`, the store's writer lock).
public final class SQLiteConnection {
    let handle: OpaquePointer
    /// Prepared statements by SQL text; finalized when dropped.
    private var cache: [String: SQLiteStatement] = [:]
    private let cacheLimit = 256
    /// Whole-table row counts with the `PRAGMA data_version` they were read at (see `tableCount`).
    private var tableCounts: [String: (dataVersion: Int64, count: Int)] = [:]

    /// Opens (creating if needed) the database at `path` and applies `configuration`.
    public init(path: String, readOnly: Bool = false, configuration: SQLiteConfiguration = .init())
        throws(SQLiteError)
    {
        var db: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        // NOMUTEX: the owner serialises use, so SQLite's own per-connection mutex is redundant.
        let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let code = sqlite3_open_v2(path, &db, flags, configuration.processExclusive ? "unix-excl" : nil)
        guard code == SQLITE_OK, let db else {
            let error = SQLiteError(connection: db, code: code, sql: nil)
            sqlite3_close_v2(db)
            throw error
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        installBudgetCheck()
        try configure(configuration, readOnly: readOnly)
    }

    /// Every `QueryBudget.checkInterval` VM instructions, stop the statement when the query
    /// running on this thread is past its budget (`QueryDeadline`); no budget, no stop.
    private func installBudgetCheck() {
        sqlite3_progress_handler(
            handle, QueryBudget.checkInterval,
            { _ in
                guard let deadline = QueryBudget.current else { return 0 }
                return deadline.isPast() ? 1 : 0
            }, nil)
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    private func configure(_ configuration: SQLiteConfiguration, readOnly: Bool) throws(SQLiteError) {
        sqlite3_busy_timeout(handle, Int32(configuration.busyTimeoutMilliseconds))
        if !readOnly {
            try execute("PRAGMA journal_mode=WAL")
        }
        try execute("PRAGMA synchronous=\(configuration.synchronous.rawValue)")
        try execute("PRAGMA foreign_keys=ON")
        try execute("PRAGMA cache_size=-\(configuration.cacheKilobytes)")
        try execute("PRAGMA temp_store=MEMORY")
        try execute("PRAGMA mmap_size=\(configuration.mmapBytes)")
    }

    /// Runs one or more statements without bindings (DDL, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(connection: handle, code: code, sql: sql) }
    }

    /// A prepared statement for `sql`, from the cache when it was prepared before. It comes back
    /// reset, with `bindings` bound.
    public func statement(_ sql: String, _ bindings: [SQLValue] = []) throws(SQLiteError) -> SQLiteStatement {
        let statement: SQLiteStatement
        if let cached = cache[sql] {
            statement = cached
        } else {
            statement = try SQLiteStatement(connection: self, sql: sql)
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[sql] = statement
        }
        try statement.bind(bindings)
        return statement
    }

    /// Runs a statement that returns no rows; answers the number of rows it changed.
    @discardableResult
    public func run(_ sql: String, _ bindings: [SQLValue] = []) throws(SQLiteError) -> Int {
        let statement = try statement(sql, bindings)
        defer { statement.reset() }
        try statement.run()
        return changes
    }

    /// Runs a query and calls `row` for every result row.
    public func forEachRow(
        _ sql: String, _ bindings: [SQLValue] = [], _ row: (SQLiteStatement) throws -> Void
    ) throws {
        let statement = try statement(sql, bindings)
        defer { statement.reset() }
        while try statement.step() {
            try row(statement)
        }
    }

    /// `forEachRow` that gives up once SQLite has run about `instructionBudget` virtual-machine
    /// instructions: answers true when the query finished, false when it was stopped. Rows
    /// already given to `row` before a stop are the caller's to discard.
    public func forEachRow(
        _ sql: String, _ bindings: [SQLValue] = [], instructionBudget: Int32,
        _ row: (SQLiteStatement) throws -> Void
    ) throws -> Bool {
        // The handler runs once per `instructionBudget` instructions; a nonzero answer
        // interrupts the statement with SQLITE_INTERRUPT.
        sqlite3_progress_handler(handle, instructionBudget, { _ in 1 }, nil)
        defer { installBudgetCheck() }
        do {
            try forEachRow(sql, bindings, row)
            return true
        } catch let error as SQLiteError where error.primaryCode == SQLITE_INTERRUPT {
            return false
        }
    }

    /// The first row's first column, or `nil` when there is no row.
    public func scalar(_ sql: String, _ bindings: [SQLValue] = []) throws(SQLiteError) -> SQLValue? {
        let statement = try statement(sql, bindings)
        defer { statement.reset() }
        return try statement.step() ? statement.value(0) : nil
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT`; any thrown error rolls everything back.
    /// BEGIN and COMMIT are cached statements: every write runs them, and `sqlite3_exec` would
    /// parse them each time.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            // A failed COMMIT may already have rolled back; ROLLBACK then reports "no transaction".
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// `SELECT count(*) FROM table`, remembered until another connection commits. Call it
    /// inside a read transaction on a reader connection: `data_version` is then the snapshot's,
    /// and it changes whenever any other connection (our writer, another process) has committed,
    /// but never for this connection's own writes, so never use it on a connection that writes.
    func tableCount(_ table: String) throws(SQLiteError) -> Int {
        guard case .integer(let version) = try scalar("PRAGMA data_version") else {
            return try uncachedCount(table)
        }
        if let cached = tableCounts[table], cached.dataVersion == version { return cached.count }
        let count = try uncachedCount(table)
        tableCounts[table] = (dataVersion: version, count: count)
        return count
    }

    /// Without a WHERE clause SQLite counts b-tree entries directly instead of stepping a loop.
    private func uncachedCount(_ table: String) throws(SQLiteError) -> Int {
        guard case .integer(let count) = try scalar("SELECT count(*) FROM \(table)") else { return 0 }
        return Int(count)
    }

    /// True when no transaction is open.
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rowid of the most recent successful INSERT.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Drops a statement whose step failed, so a broken statement is never reused.
    func statementFailed(_ statement: SQLiteStatement) {
        if cache[statement.sql] === statement {
            cache[statement.sql] = nil
        }
    }
}

/// Not `Sendable`, said to the compiler too: a SQLiteConnection is used by one thread at a time through
/// its owner, so code that would send one across a concurrency boundary does not compile.
@available(*, unavailable)
extension SQLiteConnection: Sendable {}
