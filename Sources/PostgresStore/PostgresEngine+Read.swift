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
        return try run { connection in
            Int(
                try connection.execute(
                    "SELECT count(*) FROM \(info.table) WHERE \(condition.sql)", condition.bindings
                ).int64(0, 0))
        }
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
        let sql = Self.pageSQL(
            request, columns: "body", info: info, condition: condition, skip: skip, max: limit)
        func page(_ connection: PostgresConnection) throws -> (rows: PostgresRows, total: Int?) {
            let rows = try connection.execute(sql.sql, sql.bindings)
            let total =
                request.totals
                ? try Self.total(pageCount: rows.count, skip: skip, max: limit, info, condition, connection)
                : nil
            return (rows, total)
        }
        let (rows, total) = request.totals ? try snapshot(page) : try run(page)
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

    /// The number of matches: known from a short page, else counted (in the page's snapshot).
    private static func total(
        pageCount: Int, skip: Int, max: Int, _ info: CollectionInfo, _ condition: SQLFragment,
        _ connection: PostgresConnection
    ) throws -> Int {
        if pageCount < max && (pageCount > 0 || skip == 0) { return skip + pageCount }
        return Int(
            try connection.execute(
                "SELECT count(*) FROM \(info.table) WHERE \(condition.sql)", condition.bindings
            ).int64(0, 0))
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
        let sql = Self.pageSQL(
            request, columns: Self.documentColumns, info: info, condition: condition, skip: skip, max: limit)
        func page(_ connection: PostgresConnection) throws -> FindResult {
            var documents = Self.documents(try connection.execute(sql.sql, sql.bindings))
            if let projection = request.fields { documents = documents.map(projection.apply) }
            let total =
                request.totals
                ? try Self.total(
                    pageCount: documents.count, skip: skip, max: limit, info, condition, connection)
                : nil
            return FindResult(documents: documents, total: total, groups: nil, skip: skip, max: limit)
        }
        return request.totals ? try snapshot(page) : try run(page)
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
