import DocumentQuery
import DocumentStore
import PlatformSupport

/// One libpq connection, used by one thread at a time (the pool hands it out). Statements go
/// through `PQexecParams` with text-format parameters: the `?`s of a `SQLFragment` become `$1`,
/// `$2`, ... (`numberedPlaceholders`), and each `SQLValue` travels as its text. The statements
/// of the request path go through `executePrepared`: parsed (and, once PostgreSQL settles on a
/// generic plan, planned) once per connection instead of at every request.
///
/// Ownership argument for `@unchecked Sendable`: a connection moves between threads only
/// through `PostgresPool`, which gives it to one caller at a time.
package final class PostgresConnection: @unchecked Sendable {
    let libpq: LibPQ
    private let handle: OpaquePointer
    /// The statements `executePrepared` prepared on this connection: SQL text to statement name.
    private var prepared: [String: String] = [:]
    /// `executePrepared`'s statements run once and not prepared yet (a statement is prepared
    /// when it comes a second time, so one that never comes back costs no extra round trip).
    private var seenOnce: Set<String> = []
    /// Statements sent to the server (each one run, each one prepared): one round trip each.
    package private(set) var roundTrips = 0
    /// Statements whose answer `executePrepared` waited for on the CPU (`BusyWait`).
    package private(set) var busyWaits = 0
    /// Statements prepared on this connection (`PQprepare`).
    package private(set) var preparations = 0
    /// Prepared statements kept per connection at most; past it they are all deallocated and
    /// the ones still used are prepared again.
    static let preparedLimit = 256
    /// When set, `executePrepared` waits for its answer on the CPU while `mayWait` allows.
    private let busyWait: BusyWait?

    /// Connects with a libpq connection string or URL; throws `PostgresError` (with
    /// `isConnectionFailure`) when the server cannot be reached.
    package init(conninfo: String, libpq: LibPQ, busyWait: BusyWait? = nil) throws(PostgresError) {
        self.libpq = libpq
        self.busyWait = busyWait
        guard let handle = libpq.connectdb(conninfo) else {
            throw PostgresError(sqlState: nil, message: "libpq could not allocate a connection", sql: nil)
        }
        self.handle = handle
        guard libpq.status(handle) == 0 else {
            // `deinit` closes the handle (every property is set, so it runs on this throw too).
            let message = Self.text(libpq.errorMessage(handle)) ?? "cannot connect"
            throw PostgresError(sqlState: "08001", message: message, sql: nil)
        }
        try configureSession()
    }

    deinit { libpq.finish(handle) }

    /// True once libpq reports the connection lost.
    package var isBroken: Bool { libpq.status(handle) != 0 }

    /// Reconnects with the same parameters; true when the connection works again.
    package func reset() -> Bool {
        libpq.reset(handle)
        // A new session: the statements prepared on the old one are gone with it.
        prepared.removeAll()
        seenOnce.removeAll()
        guard !isBroken else { return false }
        return (try? configureSession()) != nil
    }

    /// Notices (`IF NOT EXISTS` skipping, ...) would otherwise go to standard error; and no
    /// JIT: a query through array paths compiles to a large expression whose LLVM
    /// compilation takes seconds to minutes, far more than running it.
    private func configureSession() throws(PostgresError) {
        try execute("SET client_min_messages TO warning")
        try execute("SET jit TO off")
    }

    /// Runs one statement (its `?`s numbered) and returns its rows.
    @discardableResult
    package func execute(_ sql: String, _ bindings: [SQLValue] = []) throws(PostgresError) -> PostgresRows {
        let text = bindings.isEmpty ? sql : Self.numberedPlaceholders(sql)
        let values = try Self.parameterTexts(bindings, sql: sql)
        roundTrips += 1
        let result = withParameters(values) { pointers in
            libpq.execParams(
                handle, text, Int32(values.count), nil, pointers, nil, nil, 0)
        }
        return try rows(of: result, sql: sql)
    }

    /// Runs one statement of the request path, the same rows as `execute`: from its second run
    /// on this connection it is a prepared statement (`PQprepare` once, then `PQexecPrepared`),
    /// which PostgreSQL neither parses again nor, once it settles on a generic plan, plans
    /// again. A new connection (after a restart of PostgreSQL) prepares its own.
    @discardableResult
    package func executePrepared(_ sql: String, _ bindings: [SQLValue] = []) throws(PostgresError)
        -> PostgresRows
    {
        let name: String
        if let known = prepared[sql] {
            name = known
        } else if seenOnce.remove(sql) == nil {
            if seenOnce.count >= Self.preparedLimit { seenOnce.removeAll() }
            seenOnce.insert(sql)
            return try execute(sql, bindings)
        } else {
            if prepared.count >= Self.preparedLimit {
                try execute("DEALLOCATE ALL")
                prepared.removeAll()
            }
            let text = bindings.isEmpty ? sql : Self.numberedPlaceholders(sql)
            let fresh = "restlite_\(preparations + 1)"
            roundTrips += 1
            _ = try rows(of: libpq.prepare(handle, fresh, text, Int32(bindings.count), nil), sql: sql)
            preparations += 1
            prepared[sql] = fresh
            name = fresh
        }
        let values = try Self.parameterTexts(bindings, sql: sql)
        roundTrips += 1
        let result = withParameters(values) { pointers in
            guard let busyWait, busyWait.mayWait() else {
                return libpq.execPrepared(handle, name, Int32(values.count), pointers, nil, nil, 0)
            }
            return execPreparedWaitingBusily(name, Int32(values.count), pointers, busyWait)
        }
        return try rows(of: result, sql: sql)
    }

    /// `PQexecPrepared`, but the answer is first waited for on the CPU (`BusyWait`): the
    /// statement is sent, the socket read without sleeping until the answer is whole, the limit
    /// has passed or `mayWait` turns false; then libpq waits as usual for what is still missing.
    /// The result is the one `PQexecPrepared` gives: the first that failed, else the last.
    private func execPreparedWaitingBusily(
        _ name: String, _ count: Int32, _ pointers: UnsafePointer<UnsafePointer<CChar>?>?, _ wait: BusyWait
    ) -> OpaquePointer? {
        guard libpq.sendQueryPrepared(handle, name, count, pointers, nil, nil, 0) == 1 else { return nil }
        busyWaits += 1
        let deadline = ContinuousClock.now + wait.limit
        while libpq.isBusy(handle) == 1, libpq.consumeInput(handle) == 1, wait.mayWait(),
            ContinuousClock.now < deadline
        {}
        var kept: OpaquePointer?
        while let next = libpq.getResult(handle) {
            if let held = kept {
                let failed = !Self.succeeded(libpq.resultStatus(held))
                libpq.clear(failed ? next : held)
                if failed { continue }
            }
            kept = next
        }
        return kept
    }

    /// PGRES_COMMAND_OK (1) and PGRES_TUPLES_OK (2): the successes restlite expects of a result.
    private static func succeeded(_ status: Int32) -> Bool { status == 1 || status == 2 }

    /// A statement's result as rows, or its error thrown (the result freed).
    private func rows(of result: OpaquePointer?, sql: String) throws(PostgresError) -> PostgresRows {
        guard let result else {
            throw PostgresError(
                sqlState: isBroken ? "08006" : nil,
                message: Self.text(libpq.errorMessage(handle)) ?? "no result", sql: sql)
        }
        guard Self.succeeded(libpq.resultStatus(result)) else {
            let sqlState = Self.text(libpq.resultErrorField(result, 67))  // PG_DIAG_SQLSTATE 'C'
            let message =
                Self.text(libpq.resultErrorField(result, 77))  // PG_DIAG_MESSAGE_PRIMARY 'M'
                ?? Self.text(libpq.resultErrorMessage(result)) ?? Self.text(libpq.errorMessage(handle))
                ?? "failed"
            libpq.clear(result)
            // Every error of the server carries a SQLSTATE; one without comes from libpq itself:
            // the connection failed (after `pg_ctl stop -m immediate` libpq reports "server closed
            // the connection unexpectedly" and may still say CONNECTION_OK).
            throw PostgresError(sqlState: sqlState ?? "08006", message: message, sql: sql)
        }
        return PostgresRows(libpq: libpq, result: result)
    }

    /// Waits up to `milliseconds` for the server to send something (a notification after
    /// `LISTEN`); false when nothing came.
    package func waitForInput(milliseconds: Int32) -> Bool {
        let socket = libpq.socket(handle)
        guard socket >= 0 else { return true }  // lost: `notifications()` reports it
        return FileDescriptor(rawValue: socket, path: "the PostgreSQL connection")
            .waitUntilReadable(milliseconds: milliseconds)
    }

    /// The notifications that arrived (channel and payload, in order), reading what the socket
    /// holds without waiting; throws a connection failure when the connection is lost.
    package func notifications() throws(PostgresError) -> [(channel: String, payload: String)] {
        guard libpq.consumeInput(handle) == 1, !isBroken else {
            throw PostgresError(
                sqlState: "08006", message: Self.text(libpq.errorMessage(handle)) ?? "connection lost",
                sql: nil)
        }
        var found: [(channel: String, payload: String)] = []
        // A `PGnotify` is { char *relname; int be_pid; char *extra; ... }: the int is padded to a
        // pointer's alignment, so `extra` is the third pointer-sized field.
        let pointerSize = MemoryLayout<UnsafeRawPointer>.stride
        while let notice = libpq.notifies(handle) {
            let channel = notice.load(as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? ""
            let payload =
                notice.load(fromByteOffset: 2 * pointerSize, as: UnsafePointer<CChar>?.self)
                .map { String(cString: $0) } ?? ""
            libpq.freemem(notice)
            found.append((channel, payload))
        }
        return found
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    package func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if !isBroken { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    private func withParameters<T>(_ values: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> T)
        -> T
    {
        guard !values.isEmpty else { return body(nil) }
        var copies: [UnsafeMutablePointer<CChar>?] = values.map { value in value.map(Self.cString) }
        defer { for copy in copies { copy?.deallocate() } }
        return copies.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: values.count) {
                body(UnsafePointer($0))
            }
        }
    }

    /// A NUL-terminated copy of `text` that libpq may read until it is deallocated.
    private static func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = text.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
        return copy
    }

    /// The bindings as PostgreSQL's text input forms. libpq sends a parameter up to its first NUL
    /// byte, and PostgreSQL's text cannot hold U+0000 at all, so a text binding that holds one
    /// is refused here, as the server refuses `\u0000` in JSON (`untranslatableCharacter`),
    /// instead of being cut short.
    static func parameterTexts(_ bindings: [SQLValue], sql: String) throws(PostgresError) -> [String?] {
        var values: [String?] = []
        values.reserveCapacity(bindings.count)
        for binding in bindings {
            if case .text(let text) = binding, text.utf8.contains(0) {
                throw PostgresError(
                    sqlState: PostgresError.untranslatableCharacter,
                    message: "a text value holds the character U+0000", sql: sql)
            }
            values.append(parameterText(binding))
        }
        return values
    }

    /// A binding as PostgreSQL's text input form.
    static func parameterText(_ value: SQLValue) -> String? {
        switch value {
        case .null: return nil
        case .integer(let number): return String(number)
        case .real(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
            return String(number)
        case .text(let text): return text
        case .blob(let bytes):
            let digits = Array("0123456789abcdef".utf8)
            var hex: [UInt8] = Array(#"\x"#.utf8)
            for byte in bytes {
                hex.append(digits[Int(byte >> 4)])
                hex.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: hex, as: UTF8.self)
        }
    }

    /// `sql` with its `?` placeholders numbered `$1`, `$2`, ... in order, leaving alone any `?`
    /// inside a quoted literal (`'...'`), a quoted name (`"..."`) or a dollar-quoted body.
    package static func numberedPlaceholders(_ sql: String) -> String {
        var output: [UInt8] = []
        let bytes = Array(sql.utf8)
        output.reserveCapacity(bytes.count + 16)
        var number = 0
        var index = 0
        var quote: UInt8? = nil
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                output.append(byte)
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
                output.append(byte)
            } else if byte == UInt8(ascii: "?") {
                number += 1
                output.append(UInt8(ascii: "$"))
                output.append(contentsOf: String(number).utf8)
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let value = String(cString: pointer)
        let trimmed = value.hasSuffix("\n") ? String(value.dropLast()) : value
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// The rows of one statement's result, read in place (freed when released).
///
/// `@unchecked Sendable`: the result is read-only once received, and freed only by `deinit`.
package final class PostgresRows: @unchecked Sendable {
    private let libpq: LibPQ
    private let result: OpaquePointer

    init(libpq: LibPQ, result: OpaquePointer) {
        self.libpq = libpq
        self.result = result
        self.count = Int(libpq.ntuples(result))
    }

    deinit { libpq.clear(result) }

    /// The rows read (the result's, less a last row hidden by `hideLastRow`).
    package private(set) var count: Int

    /// Leaves the last row out of `count`: a statement's own trailer row, read by its caller
    /// before (a list page's total row). Only before the rows are handed on.
    func hideLastRow() {
        if count > 0 { count -= 1 }
    }
    package var columnCount: Int { Int(libpq.nfields(result)) }

    /// The bytes of the rows' cells (the rows counted by `count`), for a bound on what is kept.
    var byteCount: Int {
        let columns = Int32(columnCount)
        var total = 0
        for row in 0..<Int32(count) {
            for column in 0..<columns { total += Int(libpq.getlength(result, row, column)) }
        }
        return total
    }

    /// Rows an INSERT, UPDATE or DELETE touched.
    package var affected: Int {
        PostgresConnection.text(libpq.cmdTuples(result)).flatMap { Int($0) } ?? 0
    }

    package func isNull(_ row: Int, _ column: Int) -> Bool {
        libpq.getisnull(result, Int32(row), Int32(column)) != 0
    }

    package func text(_ row: Int, _ column: Int) -> String? {
        guard !isNull(row, column), let pointer = libpq.getvalue(result, Int32(row), Int32(column)) else {
            return nil
        }
        return String(cString: pointer)
    }

    package func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        guard !isNull(row, column), let pointer = libpq.getvalue(result, Int32(row), Int32(column)) else {
            return []
        }
        let length = Int(libpq.getlength(result, Int32(row), Int32(column)))
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Appends a cell's bytes (its text) to `bytes`, with no copy in between.
    package func appendBytes(_ row: Int, _ column: Int, to bytes: inout [UInt8]) {
        guard !isNull(row, column), let pointer = libpq.getvalue(result, Int32(row), Int32(column)) else {
            return
        }
        let length = Int(libpq.getlength(result, Int32(row), Int32(column)))
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    package func int64(_ row: Int, _ column: Int) -> Int64 {
        text(row, column).flatMap { Int64($0) } ?? 0
    }
}

/// A statement PostgreSQL refused, or a connection that failed.
package struct PostgresError: Error, Sendable, CustomStringConvertible {
    /// The five-character SQLSTATE, when the server (or libpq) gave one.
    package let sqlState: String?
    package let message: String
    package let sql: String?

    /// The server is gone or refusing connections: class 08, or shutting down / starting
    /// (57P01, 57P02, 57P03).
    package var isConnectionFailure: Bool {
        guard let sqlState else { return false }
        return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// `statement_timeout` stopped the statement (57014, query_canceled).
    package var isTimeout: Bool { sqlState == "57014" }

    package var isUniqueViolation: Bool { sqlState == "23505" }

    /// 22P05: text or JSON holds a character PostgreSQL cannot store (U+0000).
    package static let untranslatableCharacter = "22P05"

    package var description: String {
        "PostgreSQL" + (sqlState.map { " (\($0))" } ?? "") + ": " + message
    }
}
