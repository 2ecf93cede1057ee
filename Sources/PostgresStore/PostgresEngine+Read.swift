import DocumentJSON
import DocumentQuery
import DocumentStore

extension PostgresEngine {
    public func document(_ id: String, in name: String) throws -> Document {
        try DocumentStore.validateID(id)
        let info = try collection(name)
        guard let found = try run({ connection in try fetch(id, info: info, connection) }) else {
            throw StoreError.documentNotFound(id)
        }
        return found
    }

    public func count(in name: String, matching query: JSONValue?) throws -> Int {
        let info = try collection(name)
        let condition = try condition(for: query)
        return try run { connection in try Self.count(info, condition, connection) }
    }

    /// The documents of `info` matching `condition`.
    private static func count(
        _ info: CollectionInfo, _ condition: SQLFragment, _ connection: PostgresConnection
    ) throws -> Int {
        Int(
            try connection.executePrepared(
                "SELECT count(*) FROM \(info.table) WHERE \(condition.sql)", condition.bindings
            ).int64(0, 0))
    }

    /// The list route's fast path: the page's `body` texts copied one after another, commas
    /// between, with no `Document` per row and nothing written again: the bytes `find` and
    /// `renderJSONArray` give. Requests with `$fields`, groups, aggregates or metafields go to
    /// `find` (nil).
    public func appendPageJSON(_ request: FindRequest, into bytes: inout [UInt8]) throws -> PageCounts? {
        let request = try request.resolvingHints()
        guard request.fields == nil, request.groupBy.isEmpty, request.aggregates.isEmpty, !request.metafields
        else { return nil }
        let info = try collection(request.collection)
        let condition = try pageCondition(request)
        let timing = startRead(request)
        defer { endRead(timing, info) }
        let skip = max(0, request.skip)
        let limit = max(0, request.max)
        let (rows, total) = try run { connection in
            try Self.page(
                request, columns: "body", info: info, condition: condition, skip: skip, max: limit,
                totals: totals, connection)
        }
        bytes.append(UInt8(ascii: "["))
        for row in 0..<rows.count {
            if row > 0 { bytes.append(UInt8(ascii: ",")) }
            rows.appendBytes(row, 0, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return PageCounts(count: rows.count, total: total, skip: skip, max: limit)
    }

    /// The request's `q` and free-text `filter` as one condition.
    private func pageCondition(_ request: FindRequest) throws -> SQLFragment {
        var condition = try condition(for: request.query)
        if let filter = request.filter, !filter.isEmpty {
            condition =
                SQLFragment("(") + condition + SQLFragment(") AND ")
                + Query.filterCondition(text: filter, bodyColumn: Self.documentColumn, dialect: dialect)
        }
        return condition
    }

    /// A page of `columns`: the condition, the sort (then `_id`), `LIMIT` and `OFFSET`.
    private static func pageSQL(
        _ request: FindRequest, columns: String, info: CollectionInfo, condition: SQLFragment, skip: Int,
        max: Int
    ) -> SQLFragment {
        var sql =
            SQLFragment("SELECT \(columns) FROM \(info.table) WHERE ") + condition + SQLFragment(" ORDER BY ")
        for key in request.sort {
            sql.append(ordering(key) + ", ")
        }
        sql.append(SQLFragment("id LIMIT ? OFFSET ?", [.integer(Int64(max)), .integer(Int64(skip))]))
        return sql
    }

    /// A page of `columns` and, with totals, the number of matches, from one statement (one
    /// snapshot, one round trip, prepared from its second run on a connection). The total is
    /// known from a short page (`skip` + its rows); for a full page the same statement counts
    /// the matches, in a subquery PostgreSQL runs only when a row needs it, unless the total kept
    /// from an earlier page (`PostgresTotals`) was counted in the same database state, which the
    /// statement checks itself. A page past the end (no rows after a `skip`) has its matches
    /// counted by a second statement.
    private static func page(
        _ request: FindRequest, columns: String, info: CollectionInfo, condition: SQLFragment, skip: Int,
        max: Int, totals: PostgresTotals, _ connection: PostgresConnection
    ) throws -> (rows: PostgresRows, total: Int?) {
        let page = pageSQL(request, columns: columns, info: info, condition: condition, skip: skip, max: max)
        guard request.totals else {
            return (try connection.executePrepared(page.sql, page.bindings), nil)
        }
        let key = PostgresTotals.Key(table: info.table, condition: condition)
        let kept = totals.entry(key)
        let checks: [SQLValue] = [.integer(Int64(max)), kept.map { .text($0.state) } ?? .null]
        let state = PostgresTotals.stateSQL
        // The total: -1 for a short page, -2 when the kept one holds, else the count; then the
        // state the count was made in (NULL when there was no count).
        let sql =
            SQLFragment(
                "SELECT \(columns), CASE WHEN count(*) OVER () < ? THEN -1 WHEN \(state) = ? THEN -2"
                    + " ELSE (SELECT count(*) FROM \(info.table) WHERE ", checks) + condition
            + SQLFragment(
                ") END, CASE WHEN count(*) OVER () < ? OR \(state) = ? THEN NULL ELSE \(state) END FROM (",
                checks) + page + SQLFragment(") AS page")
        let rows = try connection.executePrepared(sql.sql, sql.bindings)
        guard rows.count > 0 else {
            return (rows, try max > 0 && skip == 0 ? 0 : count(info, condition, connection))
        }
        let counted = rows.int64(0, rows.columnCount - 2)
        if counted == -1 { return (rows, skip + rows.count) }
        if counted == -2, let kept {
            totals.reused()
            return (rows, kept.total)
        }
        totals.counted(key, total: Int(counted), state: rows.text(0, rows.columnCount - 1))
        return (rows, Int(counted))
    }

    public func find(_ request: FindRequest) throws -> FindResult {
        let request = try request.resolvingHints()
        let info = try collection(request.collection)
        let condition = try pageCondition(request)
        let timing = startRead(request)
        defer { endRead(timing, info) }
        let skip = max(0, request.skip)
        let limit = max(0, request.max)
        if !request.groupBy.isEmpty || !request.aggregates.isEmpty {
            // The page of groups and their number from one snapshot.
            return try snapshot { connection in
                let (groups, total) = try groups(
                    request, info: info, condition: condition, skip: skip, max: limit, connection)
                return FindResult(documents: [], total: total, groups: groups, skip: skip, max: limit)
            }
        }
        let (rows, total) = try run { connection in
            try Self.page(
                request, columns: Self.documentColumns, info: info, condition: condition, skip: skip,
                max: limit, totals: totals, connection)
        }
        var documents = Self.documents(rows)
        if let projection = request.fields { documents = documents.map(projection.apply) }
        return FindResult(documents: documents, total: total, groups: nil, skip: skip, max: limit)
    }

    /// One ORDER BY term: a system column directly (NULL first ascending, as SQLite), any
    /// other field by its sort key (`restlite_sortkey`: type class, then number or text).
    static func ordering(_ key: SortKey) -> String {
        let direction = key.ascending ? "ASC" : "DESC"
        if key.path.segments.count == 1, let column = systemColumn(key.path.segments[0]) {
            return "\(column) \(direction) NULLS \(key.ascending ? "FIRST" : "LAST")"
        }
        return "\(sortExpression(key.path)) \(direction)"
    }

    static func systemColumn(_ field: String) -> String? {
        switch field {
        case "_id": "id"
        case "_created": "created"
        case "_changed": "changed"
        case "_createdby": "createdby"
        case "_changedby": "changedby"
        case "_version": "version"
        default: nil
        }
    }

    /// Every document in `_id` order from one snapshot, fetched 500 at a time through a cursor.
    public func forEachDocument(in name: String, _ body: (Document) throws -> Void) throws {
        let info = try collection(name)
        try snapshot { connection in
            try connection.execute(
                "DECLARE restlite_each NO SCROLL CURSOR FOR SELECT \(Self.documentColumns) FROM \(info.table) ORDER BY id"
            )
            while true {
                let rows = try connection.execute("FETCH 500 FROM restlite_each")
                for row in 0..<rows.count { try body(Self.document(rows, row)) }
                if rows.count < 500 { break }
            }
        }
    }
}
