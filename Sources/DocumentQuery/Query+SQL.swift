extension Query {
    /// The query as a SQL condition for a WHERE clause over a documents table, with every
    /// literal bound. `bodyColumn` names the column holding the document JSON (`body`);
    /// `_id`, `_created`, `_changed`, `_createdby`, `_changedby`, `_version` use their columns.
    /// `dialect` writes the database-specific text (DocumentStore adds the same call with
    /// SQLite's dialect, whose connections must have `registerQueryFunctions(on:)`).
    ///
    /// ```swift
    /// let query = try Query.parse(text: #"{"name":"Joe"}"#)
    /// query.sqlCondition(bodyColumn: "body", dialect: SQLiteDialect()).sql
    /// // (restlite_has(body, ?) AND ((json_extract(body, '$."name"') = ? AND ...
    /// ```
    public func sqlCondition(bodyColumn: String, dialect: any SQLDialect) -> SQLFragment {
        QueryCompiler(body: bodyColumn, systemColumns: true, dialect: dialect).condition(root)
    }
}
