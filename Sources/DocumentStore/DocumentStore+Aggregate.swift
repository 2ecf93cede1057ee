extension DocumentStore {
    /// Groups the matching documents by `groupBy` and computes `aggregates` per group (one
    /// group over all matches when `groupBy` is empty), in SQL.
    static func groups(
        _ request: FindRequest, info: CollectionInfo, condition: SQLFragment, _ connection: SQLiteConnection
    ) throws -> [JSONObject] {
        var columns: [SQLFragment] = []
        for field in request.groupBy { columns.append(try extract(field)) }
        for aggregate in request.aggregates {
            let function = aggregate.function == .count ? "COUNT(*)" : nil
            columns.append(
                try function.map { SQLFragment($0) }
                    ?? (SQLFragment("\(aggregate.function.rawValue)(") + extract(aggregate.field)
                        + SQLFragment(")")))
        }
        guard !columns.isEmpty else { return [] }
        var sql = SQLFragment("SELECT ") + SQLFragment.joined(columns, separator: ", ")
        sql.append(SQLFragment(" FROM \(info.table) WHERE ") + condition)
        if !request.groupBy.isEmpty {
            let positions = (1...request.groupBy.count).map(String.init).joined(separator: ", ")
            sql.append(" GROUP BY \(positions) ORDER BY \(positions)")
        }
        var groups: [JSONObject] = []
        try connection.forEachRow(sql.sql, sql.bindings) { row in
            var group = JSONObject()
            for (index, field) in request.groupBy.enumerated() { group[field] = json(row.value(index)) }
            for (offset, aggregate) in request.aggregates.enumerated() {
                group[aggregate.outputKey] = json(row.value(request.groupBy.count + offset))
            }
            groups.append(group)
        }
        return groups
    }

    /// `json_extract(body, ?)` for a dotted field path, the path bound as a value.
    private static func extract(_ field: String) throws -> SQLFragment {
        if let column = SystemFields.columns[field] { return SQLFragment(column) }
        let parts = field.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && !$0.contains("\"") }) else {
            throw StoreError.badRequest(
                "'\(field)' is not a field path; use names joined by dots such as address.city.")
        }
        let path = "$" + parts.map { ".\"\($0)\"" }.joined()
        return SQLFragment("json_extract(body, ?)", [.text(path)])
    }

    private static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .number(JSONNumber(number))
        case .real(let number): return number.isFinite ? .number(JSONNumber(number)) : .null
        case .text(let text): return .string(text)
        case .blob: return .null
        }
    }
}
