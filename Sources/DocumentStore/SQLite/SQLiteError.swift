import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the SQL, never the bound values
/// (they may hold document contents, which must not reach logs).
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY`, ...).
    public let code: Int32
    /// SQLite's own message (`sqlite3_errmsg`).
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    public var primaryCode: Int32 { code & 0xFF }

    /// True for `SQLITE_BUSY`: another connection or process holds a lock it needs.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY }

    /// True for `SQLITE_CONSTRAINT`: a UNIQUE, NOT NULL or CHECK rule refused the row.
    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    init(connection: OpaquePointer?, code: Int32, sql: String?) {
        let text = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        let fallback = String(cString: sqlite3_errstr(code))
        self.init(code: code, message: text ?? fallback, sql: sql)
    }

    public var description: String {
        let codeName = String(cString: sqlite3_errstr(code))
        guard let sql else { return "SQLite error \(code) (\(codeName)): \(message)" }
        return "SQLite error \(code) (\(codeName)): \(message) in \"\(sql)\""
    }
}
