extension SortKey {
    /// The ORDER BY terms for this key (without the final `seq` tie-breaker): the type class
    /// rank, then the value.
    public func sqlOrdering(bodyColumn: String) -> SQLFragment {
        let direction = ascending ? "ASC" : "DESC"
        if path.segments.count == 1, let column = SystemColumn(field: path.segments[0]) {
            return SQLFragment("\(column.name) \(direction)")
        }
        let field = ValueReference.field(body: bodyColumn, path: path)
        return SQLFragment(
            "CASE \(field.type) WHEN 'integer' THEN 1 WHEN 'real' THEN 1 WHEN 'text' THEN 2"
                + " WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'false' THEN 5 WHEN 'true' THEN 5"
                + " ELSE 0 END \(direction), \(field.value) \(direction)")
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
