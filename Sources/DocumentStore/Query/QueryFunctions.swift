import CSQLite
import DocumentQuery
import PlatformSupport

/// Registers the SQL functions compiled queries call; every connection that runs a query
/// condition or a free-text filter needs them (call once right after opening it):
///
/// - `restlite_regexp(pattern, options, value)`: 1 when `value` is text the expression matches.
/// - `restlite_date(value)`: the normalised date text (`YYYY-MM-DDTHH:MM:SS.sssZ`) of an
///   ISO 8601 string, else NULL.
/// - `restlite_contains_ci(value, needle)`: 1 when `value` contains `needle`, ignoring case
///   (for non-ASCII free text, which SQLite's ASCII-only `lower()` cannot fold).
/// - `restlite_has(text, needle)`: 1 when the bytes of `needle` occur in `text` (the
///   pre-filter of string equality). SQLite's `instr` walks byte by byte and counts UTF-8
///   characters; libc's `strstr` is several times faster on the whole-table scans this serves.
/// - `restlite_sortkey(body, path)`: the sort value of a top-level field from one scan of the
///   body (see `SortKeyScanner`); un-indexed sorts use it instead of `json_type` + `json_extract`.
public func registerQueryFunctions(on connection: SQLiteConnection) throws(SQLiteError) {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
    let functions:
        [(
            String, Int32,
            @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void
        )] = [
            ("restlite_regexp", 3, regexpFunction),
            ("restlite_date", 1, dateFunction),
            ("restlite_contains_ci", 2, containsFunction),
            ("restlite_has", 2, hasFunction),
        ]
    for (name, arity, function) in functions {
        let code = sqlite3_create_function_v2(
            connection.handle, name, arity, flags, nil, function, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw SQLiteError(connection: connection.handle, code: code, sql: nil)
        }
    }
    try SortKeyScanner.register(on: connection)
}

private func text(_ arguments: UnsafeMutablePointer<OpaquePointer?>?, _ index: Int) -> String? {
    guard let value = arguments?[index], sqlite3_value_type(value) == SQLITE_TEXT,
        let pointer = sqlite3_value_text(value)
    else { return nil }
    let count = Int(sqlite3_value_bytes(value))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
}

private func regexpFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let pattern = text(arguments, 0), let value = text(arguments, 2) else {
        return sqlite3_result_int(context, 0)
    }
    // ICU's time limit holds per value; the query's budget bounds the sum over all rows.
    if let deadline = QueryBudget.current, deadline.isPast() {
        return sqlite3_result_error(context, QueryFailure.marker + deadline.message, -1)
    }
    let options = text(arguments, 1) ?? ""
    let expression: CompiledRegex
    do {
        expression = try RegexCache.shared.expression(pattern: pattern, options: options)
    } catch {
        return sqlite3_result_error(context, "invalid regular expression", -1)
    }
    do {
        sqlite3_result_int(context, try expression.firstMatch(in: value) ? 1 : 0)
    } catch {
        // Fails the statement; the store reports it as the client's bad query (`QueryFailure`).
        let message = QueryFailure.marker + QueryRegex.abandoned(pattern: pattern, error).message
        sqlite3_result_error(context, message, -1)
    }
}

private func dateFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let value = text(arguments, 0), let normalized = QueryDate.normalize(value) else {
        return sqlite3_result_null(context)
    }
    sqlite3_result_text(context, normalized, -1, csqlite_transient())
}

private func containsFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let value = text(arguments, 0), let needle = text(arguments, 1) else {
        return sqlite3_result_int(context, 0)
    }
    sqlite3_result_int(context, FreeTextFilter.contains(value, needle) ? 1 : 0)
}

private func hasFunction(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    // The text is read in place (no String per row). `sqlite3_value_text` is always
    // NUL-terminated and neither a body nor a JSON literal contains a raw NUL (JSON escapes
    // it), so libc's vectorised `strstr` is exact here.
    guard let haystack = arguments?[0], let needle = arguments?[1],
        sqlite3_value_type(needle) == SQLITE_TEXT, sqlite3_value_type(haystack) == SQLITE_TEXT,
        let needleBytes = sqlite3_value_text(needle), let haystackBytes = sqlite3_value_text(haystack)
    else { return sqlite3_result_int(context, 0) }
    sqlite3_result_int(context, ByteSearch.cStringContains(haystackBytes, needleBytes) ? 1 : 0)
}
