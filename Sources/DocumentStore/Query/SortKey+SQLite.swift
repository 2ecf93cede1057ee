import DocumentQuery

/// Sort orders in SQLite's words: the calls of `DocumentQuery` with `SQLiteDialect`.
extension SortKey {
    /// `sqlOrdering(bodyColumn:dialect:)` with SQLite's dialect.
    public func sqlOrdering(bodyColumn: String) -> SQLFragment {
        sqlOrdering(bodyColumn: bodyColumn, dialect: SQLiteDialect())
    }

    /// `scanOrdering(bodyColumn:dialect:)` with SQLite's dialect (`restlite_sortkey`).
    public func scanOrdering(bodyColumn: String) -> SQLFragment {
        scanOrdering(bodyColumn: bodyColumn, dialect: SQLiteDialect())
    }

    /// `sqlOrdering(_:bodyColumn:sequenceColumn:dialect:)` with SQLite's dialect.
    ///
    /// ```swift
    /// let order = SortKey.sqlOrdering(keys, bodyColumn: "body")
    /// let sql = "SELECT body FROM docs_1 WHERE ... ORDER BY " + order.sql
    /// ```
    public static func sqlOrdering(_ keys: [SortKey], bodyColumn: String, sequenceColumn: String = "seq")
        -> SQLFragment
    {
        sqlOrdering(keys, bodyColumn: bodyColumn, sequenceColumn: sequenceColumn, dialect: SQLiteDialect())
    }

    /// The type-class rank of a field in SQLite's type names, as the declared sort indexes
    /// (`FieldIndex`) and the aggregates' ordering write it.
    static func rankExpression(_ field: ValueReference) -> String {
        rankExpression(field, SQLiteDialect())
    }
}
