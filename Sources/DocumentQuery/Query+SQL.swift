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
    ///
    /// `armGuard`, a condition on the table's own columns, is written into each arm of every
    /// field test (`(guard AND arm) OR (guard AND arm)`), where SQLite looks for the terms of a
    /// partial index that could answer the arm (DocumentStore's tiers of automatic indexes).
    public func sqlCondition(bodyColumn: String, dialect: any SQLDialect, armGuard: String? = nil)
        -> SQLFragment
    {
        let compiler = QueryCompiler(
            body: bodyColumn, systemColumns: true, dialect: dialect, armGuard: armGuard)
        return compiler.condition(root)
    }
}
