import CSQLite

extension SortKeyScanner {
    /// The SQL function: `restlite_sortkey(body, '$."field"')` (a one-segment JSON path as
    /// `FieldPath.jsonPath` writes it).
    static let function:
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
            context, _, arguments in
            guard let body = arguments?[0], let path = arguments?[1], sqlite3_value_type(path) == SQLITE_TEXT,
                let pathText = sqlite3_value_text(path)
            else { return sqlite3_result_null(context) }
            let pathBytes = UnsafeBufferPointer(start: pathText, count: Int(sqlite3_value_bytes(path)))
            // `$."` + label + `"`
            guard sqlite3_value_type(body) == SQLITE_TEXT, pathBytes.count > 4,
                let bodyText = sqlite3_value_text(body)
            else { return fallback(context, body, path) }
            let bodyBytes = UnsafeBufferPointer(start: bodyText, count: Int(sqlite3_value_bytes(body)))
            let label = UnsafeBufferPointer(rebasing: pathBytes[3..<(pathBytes.count - 1)])
            // The connection's `RealConversion`, registered as the function's user data.
            let mode = Int(bitPattern: sqlite3_user_data(context))
            let conversion = RealConversion(rawValue: mode) ?? .unknown
            switch scan(bodyBytes, label: label, conversion: conversion) {
            case .null: sqlite3_result_null(context)
            case .integer(let value): sqlite3_result_int64(context, value)
            case .real(let value): sqlite3_result_double(context, value)
            case .text(let range):
                sqlite3_result_text64(
                    context,
                    UnsafeRawPointer(bodyText + range.lowerBound).assumingMemoryBound(to: CChar.self),
                    sqlite3_uint64(range.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            case .ranked(let rank, let range):
                resultRanked(context, rank, UnsafeBufferPointer(rebasing: bodyBytes[range]))
            case .boolean(let value):
                let byte: UInt8 = value ? 1 : 0
                withUnsafeBytes(of: byte) { resultRanked(context, 5, $0.bindMemory(to: UInt8.self)) }
            case .fallback: fallback(context, body, path)
            }
        }

    /// Registers `restlite_sortkey` on `connection`, with the real conversion its SQLite uses.
    static func register(on connection: SQLiteConnection) throws(SQLiteError) {
        let conversion = probe(connection.handle)
        let code = sqlite3_create_function_v2(
            connection.handle, "restlite_sortkey", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
            UnsafeMutableRawPointer(bitPattern: conversion.rawValue), function, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(connection: connection.handle, code: code, sql: nil)
        }
    }

    private static func resultRanked(
        _ context: OpaquePointer?, _ rank: UInt8, _ bytes: UnsafeBufferPointer<UInt8>
    ) {
        var blob = [UInt8]()
        blob.reserveCapacity(bytes.count + 1)
        blob.append(rank)
        blob.append(contentsOf: bytes)
        blob.withUnsafeBytes { raw in
            sqlite3_result_blob64(context, raw.baseAddress, sqlite3_uint64(raw.count), csqlite_transient())
        }
    }

    /// Asks SQLite's own `json_type`/`json_extract` (a nested statement on the same
    /// connection), so unusual bodies sort exactly as the plain SQL ordering sorts them.
    private static func fallback(_ context: OpaquePointer?, _ body: OpaquePointer, _ path: OpaquePointer) {
        let sql = "SELECT json_type(?1, ?2), json_extract(?1, ?2)"
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(sqlite3_context_db_handle(context), sql, -1, &statement, nil) == SQLITE_OK
        else {
            return sqlite3_result_error(context, "restlite_sortkey: cannot prepare", -1)
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_value(statement, 1, body)
        sqlite3_bind_value(statement, 2, path)
        guard sqlite3_step(statement) == SQLITE_ROW else {
            let message = String(cString: sqlite3_errmsg(sqlite3_context_db_handle(context)))
            return sqlite3_result_error(context, message, -1)
        }
        let type = sqlite3_column_text(statement, 0).map { String(cString: $0) }
        let rank: UInt8
        switch type {
        case "object": rank = 3
        case "array": rank = 4
        case "true", "false": rank = 5
        default: return sqlite3_result_value(context, sqlite3_column_value(statement, 1))
        }
        if rank == 5 {
            let byte: UInt8 = type == "true" ? 1 : 0
            return withUnsafeBytes(of: byte) { resultRanked(context, 5, $0.bindMemory(to: UInt8.self)) }
        }
        let text = sqlite3_column_text(statement, 1)
        let count = Int(sqlite3_column_bytes(statement, 1))
        resultRanked(context, rank, UnsafeBufferPointer(start: text, count: count))
    }
}
