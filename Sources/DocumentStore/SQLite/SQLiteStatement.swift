import CSQLite
import DocumentQuery

/// One prepared statement. Not `Sendable`: it belongs to its connection's thread of use.
///
/// Columns are read by index while a row is current (after `step()` returned `true`).
public final class SQLiteStatement {
    let handle: OpaquePointer
    /// The SQL text the statement was prepared from (for errors; carries no values).
    public let sql: String
    private unowned let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(connection: connection.handle, code: code, sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement, clears old bindings and binds `values` to `?1 ... ?n`.
    public func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text): code = sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { raw in
                sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), csqlite_transient())
            }
        }
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// Advances to the next row: `true` while a row is available, `false` when done.
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(code)
            sqlite3_reset(handle)
            connection.statementFailed(self)
            throw failure
        }
    }

    /// Runs the statement to completion, ignoring rows.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Releases the statement's read snapshot and bindings so it can sit idle in the cache.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    private func error(_ code: Int32) -> SQLiteError {
        // After sqlite3_step fails, the connection's errcode holds the detailed one.
        let detailed = sqlite3_extended_errcode(connection.handle)
        return SQLiteError(
            connection: connection.handle, code: detailed == SQLITE_OK ? code : detailed, sql: sql)
    }
}

extension SQLiteStatement {
    /// Number of columns in the result.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// True when the column holds SQL NULL.
    public func isNull(_ column: Int) -> Bool {
        sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL
    }

    public func int64(_ column: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(column))
    }

    public func double(_ column: Int) -> Double {
        sqlite3_column_double(handle, Int32(column))
    }

    /// The column as text; `nil` for NULL.
    public func text(_ column: Int) -> String? {
        guard let pointer = sqlite3_column_text(handle, Int32(column)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's UTF-8 text bytes, copied; empty for NULL. Used for document bodies, which
    /// are sent as they are without becoming a `String`.
    public func bytes(_ column: Int) -> [UInt8] {
        guard let pointer = sqlite3_column_text(handle, Int32(column)) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// Appends the column's UTF-8 text bytes to `buffer` without an intermediate array.
    public func appendBytes(_ column: Int, to buffer: inout [UInt8]) {
        guard let pointer = sqlite3_column_text(handle, Int32(column)) else { return }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        buffer.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
    }

    /// The column as a `SQLValue` of its storage class.
    public func value(_ column: Int) -> SQLValue {
        let index = Int32(column)
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(text(column) ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let raw = sqlite3_column_blob(handle, index), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: raw, count: count)))
        default: return .null
        }
    }
}

/// Not `Sendable`, said to the compiler too: a SQLiteStatement is used by one thread at a time through
/// its owner, so code that would send one across a concurrency boundary does not compile.
@available(*, unavailable)
extension SQLiteStatement: Sendable {}
