import DocumentQuery

/// The query language's SQL in SQLite's words: the calls of `DocumentQuery` with
/// `SQLiteDialect`, for the store and its callers (a SQLite connection must have the query
/// functions, `registerQueryFunctions(on:)`).
extension Query {
    /// `sqlCondition(bodyColumn:dialect:)` with SQLite's dialect.
    ///
    /// ```swift
    /// let query = try Query.parse(text: #"{"name":"Joe"}"#)
    /// query.sqlCondition(bodyColumn: "body").sql
    /// // (restlite_has(body, ?) AND ((json_extract(body, '$."name"') = ? AND ...
    /// ```
    public func sqlCondition(bodyColumn: String, armGuard: String? = nil) -> SQLFragment {
        sqlCondition(bodyColumn: bodyColumn, dialect: SQLiteDialect(), armGuard: armGuard)
    }

    /// `filterCondition(text:bodyColumn:dialect:)` with SQLite's dialect.
    public static func filterCondition(text: String, bodyColumn: String) -> SQLFragment {
        filterCondition(text: text, bodyColumn: bodyColumn, dialect: SQLiteDialect())
    }
}
