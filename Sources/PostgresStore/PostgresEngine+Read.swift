import DocumentJSON
import DocumentQuery
import DocumentStore

extension PostgresEngine {
    /// The document `id`: kept from an earlier read while a state check that started after this
    /// call finds the database unchanged (`PostgresDocuments`), else fetched with the state it
    /// was read in and kept.
    public func document(_ id: String, in name: String) throws -> Document {
        try DocumentStore.validateID(id)
        let info = try collection(name)
        let key = PostgresDocuments.Key(table: info.table, id: id)
        if let kept = documents.candidate(key), currentState() == kept.state {
            documents.hit()
            return kept.document
        }
        let found = try run { connection in
            let rows = try connection.executePrepared(
                "SELECT \(Self.documentColumns), \(PostgresTotals.stateSQL) FROM \(info.table) WHERE id = ?",
                [.text(id)])
            return rows.count > 0 ? (Self.document(rows, 0), rows.text(0, 7) ?? "") : nil
        }
        guard let (document, state) = found else { throw StoreError.documentNotFound(id) }
        documents.keep(key, document, state: state)
        return document
    }

    /// The database state as read by a shared check that started after this call
    /// (`StateChecks`); nil when the check failed.
    func currentState() -> String? {
        stateChecks.current { try run { connection in try Self.readState(connection) } }
    }

    /// The database state now (`PostgresTotals.stateExpression`), one small prepared statement.
    static func readState(_ connection: PostgresConnection) throws -> String {
        try connection.executePrepared("SELECT \(PostgresTotals.stateExpression)").text(0, 0) ?? ""
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
        var keptReadTime: Duration?
        defer { endRead(timing, info, atLeast: keptReadTime) }
        let skip = max(0, request.skip)
        let limit = max(0, request.max)
        let (rows, total, readTime) = try currentPage(
            request, columns: "body", info: info, condition: condition, skip: skip, max: limit)
        keptReadTime = readTime
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

    /// A page of `columns`: the condition, the sort (then `_id`), `LIMIT` and `OFFSET`. With
    /// `unlessState`, only when the database state is another one (`PostgresPages`): a one-time
    /// filter before the scan, which the same state leaves unrun.
    static func pageSQL(
        _ request: FindRequest, columns: String, info: CollectionInfo, condition: SQLFragment, skip: Int,
        max: Int, unlessState: String? = nil
    ) -> SQLFragment {
        var sql = SQLFragment("SELECT \(columns) FROM \(info.table) WHERE ")
        if let unlessState {
            sql.append(
                SQLFragment("\(PostgresTotals.stateSQL) IS DISTINCT FROM ? AND (", [.text(unlessState)])
                    + condition + SQLFragment(")"))
        } else {
            sql.append(condition)
        }
        sql.append(" ORDER BY ")
        for key in request.sort {
            sql.append(ordering(key) + ", ")
        }
        // LIMIT and OFFSET as literals: with parameters there, PostgreSQL's generic plan assumes
        // a tenth of the rows for each and costs more than a custom plan, so a prepared page was
        // planned again at every run (the planner was 40 % of the backend's CPU per list of 100).
        sql.append(SQLFragment("id LIMIT \(max) OFFSET \(skip)"))
        return sql
    }

    /// A page of `columns` and its total: the kept page when the last state seen is its state
    /// and a shared state check (`StateChecks`, run before a connection is taken for the page)
    /// finds it still current, else `page`.
    private func currentPage(
        _ request: FindRequest, columns: String, info: CollectionInfo, condition: SQLFragment, skip: Int,
        max: Int
    ) throws -> (rows: PostgresRows, total: Int?, keptReadTime: Duration?) {
        if request.totals {
            let page = Self.pageSQL(
                request, columns: columns, info: info, condition: condition, skip: skip, max: max)
            if let kept = pages.entry(page), stateChecks.lastSeen == kept.state, currentState() == kept.state
            {
                pages.hit()
                totals.keptPage(
                    PostgresTotals.Key(table: info.table, condition: condition), total: kept.total,
                    state: kept.state)
                return (kept.rows, kept.total, kept.readTime)
            }
        }
        return try run { connection in
            try Self.page(
                request, columns: columns, info: info, condition: condition, skip: skip, max: max,
                totals: totals, pages: pages, checks: stateChecks, connection)
        }
    }

    /// A page of `columns` and, with totals, the number of matches, as of the page's own
    /// snapshot. A page without values in its condition read before in the state PostgreSQL is
    /// still in comes from memory (`PostgresPages`): its statement finds the state unchanged and
    /// skips the scan. Then `keptReadTime` is how long reading the page took when it was read.
    private static func page(
        _ request: FindRequest, columns: String, info: CollectionInfo, condition: SQLFragment, skip: Int,
        max: Int, totals: PostgresTotals, pages: PostgresPages, checks: StateChecks,
        _ connection: PostgresConnection
    ) throws -> (rows: PostgresRows, total: Int?, keptReadTime: Duration?) {
        let page = pageSQL(request, columns: columns, info: info, condition: condition, skip: skip, max: max)
        guard request.totals else {
            return (try run(page, planned: condition, connection), nil, nil)
        }
        // A kept page that `currentPage` did not answer: the page statement with the kept state as
        // a one-time filter, so the same state still costs no scan. A condition with values is
        // planned at every run (see `run`) whatever its filter, so it is read as it is.
        let kept = condition.bindings.isEmpty ? pages.entry(page) : nil
        let statement =
            kept.map {
                pageSQL(
                    request, columns: columns, info: info, condition: condition, skip: skip, max: max,
                    unlessState: $0.state)
            } ?? page
        let started = ContinuousClock.now
        let read = try countedPage(
            statement, columns: columns, info: info, condition: condition, skip: skip, max: max,
            keptPage: kept, totals: totals, connection)
        checks.saw(read.state)
        if let kept, read.state == kept.state {
            pages.hit()
            return (kept.rows, kept.total, kept.readTime)
        }
        pages.keep(
            page, rows: read.rows, total: read.total, state: read.state,
            readTime: ContinuousClock.now - started)
        return (read.rows, read.total, nil)
    }

    /// The page statement `page` and its total, as of its own snapshot, and the database state
    /// it ran in. A total kept from an earlier page of the same collection and condition
    /// (`PostgresTotals`) is checked with the cheap statement when it held before (or the kept
    /// total says the page is short): the page, then one more row (`UNION ALL`) with the database
    /// state the statement ran in. The same state as the kept total's: the kept total is exact.
    /// Another state, and the page short (some rows, fewer than asked; or none from the start):
    /// its total is `skip` + its rows, kept with that state. Otherwise the full statement: the
    /// page and a row (`pageWithTotal`) that says `=` when the state is the kept total's, else
    /// counts the matches in the same snapshot (`<count>`), then the state. The cheap statement
    /// leaves the count's nodes out of the plan: PostgreSQL sets up every node of a plan at every
    /// run, a count never executed included (about a fifth of the cluster's CPU per list of 100).
    /// The page's rows go out as they are read: no window over them, nothing copied on the
    /// server. In the state of `keptPage` the page's scan did not run (its rows are the kept
    /// page's): the answer is returned at once, before any total is worked out from its rows,
    /// and the kept page's total is kept for its condition in that state (so the next check is
    /// the cheap statement, which counts nothing).
    private static func countedPage(
        _ page: SQLFragment, columns: String, info: CollectionInfo, condition: SQLFragment, skip: Int,
        max: Int, keptPage: PostgresPages.Entry?, totals: PostgresTotals, _ connection: PostgresConnection
    ) throws -> (rows: PostgresRows, total: Int, state: String) {
        let key = PostgresTotals.Key(table: info.table, condition: condition)
        let kept = totals.entry(key)
        let layout = TotalRow.of(columns)
        if let kept, kept.held || kept.total < skip + max && (kept.total > skip || skip == 0) {
            let sql = pageWithState(page, layout: layout)
            let rows = try run(sql, planned: condition, connection)
            let state = try lastRow(rows, layout, sql)
            if state == kept.state {
                totals.reused(key)
                return (rows, kept.total, state)
            }
            if let keptPage, state == keptPage.state {
                totals.keptPage(key, total: keptPage.total, state: state)
                return (rows, keptPage.total, state)
            }
            if rows.count > 0 && rows.count < max || rows.count == 0 && max > 0 && skip == 0 {
                let total = skip + rows.count
                totals.known(key, total: total, state: state)
                return (rows, total, state)
            }
        }
        let sql = pageWithTotal(
            page, layout: layout, info: info, condition: condition, keptState: kept?.state)
        let rows = try run(sql, planned: condition, connection)
        let answer = try lastRow(rows, layout, sql)
        guard let space = answer.firstIndex(of: " ") else {
            throw PostgresError(sqlState: nil, message: "the page's total row is \(answer)", sql: sql.sql)
        }
        let state = String(answer[answer.index(after: space)...])
        if answer[..<space] == "=", let kept {
            totals.reused(key)
            return (rows, kept.total, state)
        }
        if let keptPage, state == keptPage.state {
            totals.keptPage(key, total: keptPage.total, state: state)
            return (rows, keptPage.total, state)
        }
        guard let total = Int(answer[..<space]) else {
            throw PostgresError(sqlState: nil, message: "the page's total row is \(answer)", sql: sql.sql)
        }
        totals.counted(key, total: total, state: state)
        return (rows, total, state)
    }

    /// The text of a page's trailing row (its state or total answer), left out of `rows`.
    private static func lastRow(_ rows: PostgresRows, _ layout: TotalRow, _ sql: SQLFragment) throws -> String
    {
        let last = rows.count - 1
        guard last >= 0, let answer = rows.text(last, layout.column),
            layout.column == 0 || rows.isNull(last, 0)
        else {
            throw PostgresError(sqlState: nil, message: "the page's total row is missing", sql: sql.sql)
        }
        rows.hideLastRow()
        return answer
    }

    /// Runs a page statement: prepared (planned once per connection) when its condition has no
    /// values, else planned at every run for its values. A generic plan is blind to a condition's
    /// selectivity: PostgreSQL switched a prepared filtered sorted page to one that read the
    /// filter's index and sorted, where the plan for the values reads the sort index in order (a
    /// filtered sorted page of 10,000 fell from ~400 to ~30 a second, bench/engines/run.sh).
    private static func run(
        _ statement: SQLFragment, planned condition: SQLFragment, _ connection: PostgresConnection
    )
        throws -> PostgresRows
    {
        condition.bindings.isEmpty
            ? try connection.executePrepared(statement.sql, statement.bindings)
            : try connection.execute(statement.sql, statement.bindings)
    }

    /// `page` and its total row (see `countedPage`): `=` when the state is `keptState` (nil:
    /// none kept), else the matches counted; then a space and the state.
    static func pageWithTotal(
        _ page: SQLFragment, layout: TotalRow, info: CollectionInfo, condition: SQLFragment,
        keptState: String?
    ) -> SQLFragment {
        SQLFragment("(") + page
            + SQLFragment(
                ") UNION ALL SELECT \(layout.before)CASE WHEN s = ? THEN '= ' || s ELSE"
                    + " CAST((SELECT count(*) FROM \(info.table) WHERE ",
                [keptState.map { .text($0) } ?? .null]) + condition
            + SQLFragment(
                ") AS text) || ' ' || s END\(layout.after)"
                    + " FROM (SELECT \(PostgresTotals.stateSQL) AS s) AS state")
    }

    /// `page` and a row with the state it ran in (see `countedPage`): an `Append` of the page and a
    /// `Result`, nothing else set up.
    static func pageWithState(_ page: SQLFragment, layout: TotalRow) -> SQLFragment {
        SQLFragment("(") + page
            + SQLFragment(
                ") UNION ALL SELECT \(layout.before)\(PostgresTotals.stateExpression)\(layout.after)")
    }

    /// Where the total row of a page of `columns` puts its text: in `body`, the other columns
    /// NULL (`id` is never NULL in a page's rows).
    struct TotalRow {
        let before: String
        let after: String
        let column: Int

        init(columns: String) {
            let names = columns.split(separator: ",").map { $0.filter { $0 != " " } }
            column = names.firstIndex(of: "body") ?? 0
            before = String(repeating: "NULL, ", count: column)
            after = String(repeating: ", NULL", count: names.count - column - 1)
        }

        /// The layout for `columns`; the two every page selects (the fast path's `body`, and
        /// `documentColumns`) worked out once, not at every page.
        static func of(_ columns: String) -> TotalRow {
            switch columns {
            case "body": body
            case PostgresEngine.documentColumns: documents
            default: TotalRow(columns: columns)
            }
        }

        private static let body = TotalRow(columns: "body")
        private static let documents = TotalRow(columns: PostgresEngine.documentColumns)
    }

    public func find(_ request: FindRequest) throws -> FindResult {
        let request = try request.resolvingHints()
        let info = try collection(request.collection)
        let condition = try pageCondition(request)
        let timing = startRead(request)
        var keptReadTime: Duration?
        defer { endRead(timing, info, atLeast: keptReadTime) }
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
        let (rows, total, readTime) = try currentPage(
            request, columns: Self.documentColumns, info: info, condition: condition, skip: skip, max: limit)
        keptReadTime = readTime
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
