extension SortKey {
    /// The ORDER BY terms for this key (without the final `seq` tie-breaker): the type class
    /// rank, then the value, written by `dialect`.
    public func sqlOrdering(bodyColumn: String, dialect: any SQLDialect) -> SQLFragment {
        let direction = ascending ? "ASC" : "DESC"
        if path.segments.count == 1, let column = SystemColumn(field: path.segments[0]) {
            return SQLFragment("\(column.name) \(direction)")
        }
        let field = dialect.reference(to: .field(body: bodyColumn, path: path))
        return SQLFragment("\(Self.rankExpression(field, dialect)) \(direction), \(field.value) \(direction)")
    }

    /// The ORDER BY term for a scan (no declared sort index on the field): one-segment paths
    /// use `the dialect's sort-key function (`QueryFunction.sortKey`), which orders exactly as `sqlOrdering` but reads
    /// the body once instead of parsing it twice; other paths are as `sqlOrdering`.
    public func scanOrdering(bodyColumn: String, dialect: any SQLDialect) -> SQLFragment {
        guard path.segments.count == 1, SystemColumn(field: path.segments[0]) == nil else {
            return sqlOrdering(bodyColumn: bodyColumn, dialect: dialect)
        }
        let direction = ascending ? "ASC" : "DESC"
        return SQLFragment("\(dialect.call(.sortKey, [bodyColumn, dialect.pathLiteral(path)])) \(direction)")
    }

    /// The type-class rank a sort orders by before the value. Missing, null, numbers and
    /// strings share rank 0 because SQLite already orders `json_extract`'s results of those
    /// the way MongoDB does (NULL < numbers < text); objects (3), arrays (4) and booleans (5),
    /// whose SQL values would mix with strings and numbers, get their own. Sharing one rank
    /// keeps the ORDER BY equal to the declared sort index (`FieldIndex`), which SQLite then
    /// reads in order.
    public static func rankExpression(_ field: ValueReference, _ dialect: any SQLDialect) -> String {
        let ranks: [(JSONKind, Int)] = [(.object, 3), (.array, 4), (.falseValue, 5), (.trueValue, 5)]
        return "CASE \(field.type)" + ranks.map { " WHEN \(dialect.typeName($0.0)) THEN \($0.1)" }.joined()
            + " ELSE 0 END"
    }

    /// A complete ORDER BY list: every key, then `sequenceColumn` ascending so equal keys keep
    /// insertion order. With no keys it is insertion order alone (restlite's default, by `_id`).
    ///
    /// ```swift
    /// let order = SortKey.sqlOrdering(keys, bodyColumn: "body", dialect: SQLiteDialect())
    /// let sql = "SELECT body FROM docs_1 WHERE ... ORDER BY " + order.sql
    /// ```
    public static func sqlOrdering(
        _ keys: [SortKey], bodyColumn: String, sequenceColumn: String = "seq",
        dialect: any SQLDialect
    ) -> SQLFragment {
        let terms =
            keys.map { $0.sqlOrdering(bodyColumn: bodyColumn, dialect: dialect) }
            + [SQLFragment("\(sequenceColumn) ASC")]
        return SQLFragment.joined(terms, separator: ", ")
    }
}
