extension SortKey {
    /// The ORDER BY terms for this key (without the final `seq` tie-breaker): the type class
    /// rank, then the value.
    public func sqlOrdering(bodyColumn: String) -> SQLFragment {
        let direction = ascending ? "ASC" : "DESC"
        if path.segments.count == 1, let column = SystemColumn(field: path.segments[0]) {
            return SQLFragment("\(column.name) \(direction)")
        }
        let field = ValueReference.field(body: bodyColumn, path: path)
        return SQLFragment("\(Self.rankExpression(field)) \(direction), \(field.value) \(direction)")
    }

    /// The ORDER BY term for a scan (no declared sort index on the field): one-segment paths
    /// use `restlite_sortkey`, which orders exactly as `sqlOrdering(bodyColumn:)` but reads
    /// the body once instead of parsing it twice; other paths are as `sqlOrdering`.
    public func scanOrdering(bodyColumn: String) -> SQLFragment {
        guard path.segments.count == 1, SystemColumn(field: path.segments[0]) == nil else {
            return sqlOrdering(bodyColumn: bodyColumn)
        }
        let direction = ascending ? "ASC" : "DESC"
        return SQLFragment("restlite_sortkey(\(bodyColumn), \(path.sqlLiteral)) \(direction)")
    }

    /// The type-class rank a sort orders by before the value. Missing, null, numbers and
    /// strings share rank 0 because SQLite already orders `json_extract`'s results of those
    /// the way MongoDB does (NULL < numbers < text); objects (3), arrays (4) and booleans (5),
    /// whose SQL values would mix with strings and numbers, get their own. Sharing one rank
    /// keeps the ORDER BY equal to the declared sort index (`FieldIndex`), which SQLite then
    /// reads in order.
    static func rankExpression(_ field: ValueReference) -> String {
        "CASE \(field.type) WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'false' THEN 5"
            + " WHEN 'true' THEN 5 ELSE 0 END"
    }

    /// A complete ORDER BY list: every key, then `sequenceColumn` ascending so equal keys keep
    /// insertion order. With no keys it is insertion order alone (restlite's default, by `_id`).
    ///
    /// ```swift
    /// let order = SortKey.sqlOrdering(keys, bodyColumn: "body")
    /// let sql = "SELECT body FROM docs_1 WHERE ... ORDER BY " + order.sql
    /// ```
    public static func sqlOrdering(_ keys: [SortKey], bodyColumn: String, sequenceColumn: String = "seq")
        -> SQLFragment
    {
        let terms =
            keys.map { $0.sqlOrdering(bodyColumn: bodyColumn) } + [SQLFragment("\(sequenceColumn) ASC")]
        return SQLFragment.joined(terms, separator: ", ")
    }
}
