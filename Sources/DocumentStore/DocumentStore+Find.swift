import DocumentJSON
import DocumentQuery

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DocumentStore {
    /// Runs a read: the matching page of documents (with the total when asked), or the groups
    /// of a `groupBy`/`aggregates` read. Throws `collectionNotFound`, `badRequest`.
    public func find(_ request: FindRequest) throws -> FindResult {
        let request = try request.resolvingHints()
        let plan = try prepare(request)
        let skip = Swift.max(0, request.skip)
        let max = Swift.max(0, request.max)
        return try timedRead(plan) { try read(request, plan: plan, skip: skip, max: max) }
    }

    /// Runs a read (reporting query failures), timed for the automatic indexes when the store
    /// makes them (`AutoIndexPolicy`) and the read filters or sorts.
    func timedRead<T>(_ plan: ReadPlan, _ body: () throws -> T) throws -> T {
        guard let autoIndexer, let fields = plan.fields else { return try reportingQueryFailures(body) }
        let started = ContinuousClock.now
        // A read that failed (one that ran out of its budget, above all) counts too.
        defer { autoIndexer.observe(fields, info: plan.info, elapsed: .now - started, engine: self) }
        return try reportingQueryFailures(body)
    }

    private func read(_ request: FindRequest, plan: ReadPlan, skip: Int, max: Int) throws -> FindResult {
        let (info, condition) = (plan.info, plan.condition)
        return try pool.read { connection in
            if !request.groupBy.isEmpty || !request.aggregates.isEmpty {
                // The page of groups and their number from one snapshot.
                try connection.run("BEGIN")
                defer { _ = try? connection.run("COMMIT") }
                let (groups, total) = try Self.groups(
                    request, info: info, condition: condition, skip: skip, max: max, connection)
                return FindResult(documents: [], total: total, groups: groups, skip: skip, max: max)
            }
            // A page that is neither full nor past the end tells the total by itself; only
            // otherwise is there a count, in the page's read transaction (same snapshot).
            let counting = request.totals
            if counting { try connection.run("BEGIN") }
            defer { if counting { _ = try? connection.run("COMMIT") } }
            var documents = try Self.page(request, plan: plan, skip: skip, max: max, connection)
            if let projection = request.fields { documents = documents.map(projection.apply) }
            let total =
                counting
                ? try Self.total(
                    pageCount: documents.count, skip: skip, max: max, info: info, condition: condition,
                    connection)
                : nil
            return FindResult(documents: documents, total: total, groups: nil, skip: skip, max: max)
        }
    }

    /// Number of documents matching `query` (nil: all).
    public func count(in name: String, matching query: JSONValue? = nil) throws -> Int {
        let info = try collection(name)
        let condition = try Self.condition(for: query)
        return try reportingQueryFailures {
            try pool.read { connection in try Self.count(info: info, condition: condition, connection) }
        }
    }

    /// The collection and the SQL condition (query and free-text filter) of a resolved request.
    func prepare(_ request: FindRequest) throws -> ReadPlan {
        let info = try collection(request.collection)
        let query = try Self.parsed(request.query)
        let compile = { (armGuard: String?) -> SQLFragment in
            let condition = query.sqlCondition(bodyColumn: StorageLayout.bodyColumn, armGuard: armGuard)
            guard let filter = request.filter, !filter.isEmpty else { return condition }
            return SQLFragment("(") + condition + SQLFragment(") AND ")
                + Query.filterCondition(text: filter, bodyColumn: StorageLayout.bodyColumn)
        }
        let fields = autoIndexer.map { _ in IndexableFields(query: query.root, sort: request.sort) }
        // The tiers of automatic indexes built by an earlier run serve reads without the policy too.
        let tiered = fields ?? (automaticTiers.isEmpty ? nil : IndexableFields(query: query.root, sort: []))
        let condition: SQLFragment
        if let filtered = tiered?.filtered, !filtered.isEmpty,
            let bounds = automaticTiers.bounds(collectionID: info.id, paths: filtered)
        {
            // Compiled once, with a marker where each range goes.
            let template = compile(AutomaticTiers.rangeMarker)
            condition = AutomaticTiers.condition(table: info.table, bounds: bounds, template: template)
        } else {
            condition = compile(nil)
        }
        let sortTiers = request.sort.first.flatMap { key in
            automaticTiers.bounds(collectionID: info.id, paths: [key.path], purpose: .sort)
        }
        return ReadPlan(
            info: info, condition: condition, scansStorageOrder: query.root.requiresStringEquality,
            fields: fields?.isEmpty == false ? fields : nil, sortTiers: sortTiers)
    }

    /// The total for a page of `pageCount` rows: a page that is neither full nor past the end
    /// tells it by itself; otherwise a (cached when unfiltered) count in the same snapshot.
    static func total(
        pageCount: Int, skip: Int, max: Int, info: CollectionInfo, condition: SQLFragment,
        _ connection: SQLiteConnection
    ) throws -> Int {
        if pageCount < max && (pageCount > 0 || skip == 0) { return skip + pageCount }
        if condition.isAlwaysTrue { return try connection.tableCount(info.table) }
        return try count(info: info, condition: condition, connection)
    }

    /// `SELECT <columns> ... WHERE condition ORDER BY sort keys, id LIMIT max OFFSET skip`.
    /// With `storageOrder`, the final `_id` term is written `+id`: the same order, but SQLite
    /// can no longer read it off the `_id` index, so it reads the table in storage order and
    /// sorts the matches (see `forEachPageRow`). When the first sort key's automatic index has
    /// tiers (`ReadPlan.sortTiers`), the page is read from the first `skip + max` of each tier in
    /// order (and of the documents past the last), sorted again: each tier reads its partial
    /// index in order, as a whole index would be read.
    static func pageSQL(
        _ request: FindRequest, columns: String, plan: ReadPlan, skip: Int, max: Int,
        storageOrder: Bool = false, _ connection: SQLiteConnection
    ) throws -> SQLFragment {
        let info = plan.info
        var order = SQLFragment("")
        for (position, key) in request.sort.enumerated() {
            // A sort index is only used when the ORDER BY repeats its expression.
            let tiered = position == 0 && plan.sortTiers != nil
            let indexed = try tiered || hasSortIndex(info: info, path: key.path, connection)
            order.append(
                indexed
                    ? key.sqlOrdering(bodyColumn: StorageLayout.bodyColumn)
                    : key.scanOrdering(bodyColumn: StorageLayout.bodyColumn))
            order.append(", ")
        }
        order.append(storageOrder ? "+id" : "id")
        let page = SQLFragment(" LIMIT ? OFFSET ?", [.integer(Int64(max)), .integer(Int64(skip))])
        guard let bounds = plan.sortTiers else {
            return SQLFragment("SELECT \(columns) FROM \(info.table) WHERE ") + plan.condition
                + SQLFragment(" ORDER BY ") + order + page
        }
        let column = StorageLayout.sequenceColumn
        let first = SQLValue.integer(Int64(skip > Int.max - max ? Int.max : skip + max))
        let lowers = [0] + bounds
        let selects = AutomaticTiers.ranges(bounds).enumerated().map { position, range in
            // Without statistics SQLite would rather sort a tier's range of `seq` than read its
            // index in order; a page with no filter reads the index (`forEachPageRow` falls back
            // when another process has dropped it since).
            var hint = ""
            if position < bounds.count && plan.condition.isAlwaysTrue {
                let name = FieldIndex.automaticTierName(
                    collectionID: info.id, path: request.sort[0].path, purpose: .sort,
                    after: lowers[position],
                    through: bounds[position])
                hint = " INDEXED BY \"\(name)\""
            }
            return SQLFragment(
                "SELECT \(column) FROM (SELECT \(column) FROM \(info.table)\(hint) WHERE \(range) AND (")
                + plan.condition + SQLFragment(") ORDER BY ") + order + SQLFragment(" LIMIT ?)", [first])
        }
        return SQLFragment("SELECT \(columns) FROM \(info.table) WHERE \(column) IN (")
            + SQLFragment.joined(selects, separator: " UNION ALL ") + SQLFragment(") ORDER BY ") + order
            + page
    }

    /// Whether `createIndex` declared a sort index on `path` (one lookup in the small schema).
    static func hasSortIndex(info: CollectionInfo, path: FieldPath, _ connection: SQLiteConnection) throws
        -> Bool
    {
        // Dotted paths and system columns order the same either way: no lookup needed.
        guard path.segments.count == 1, SystemColumn(field: path.segments[0]) == nil else { return true }
        let names = [FieldIndex.sortKind, FieldIndex.automaticSortKind].map { kind in
            SQLValue.text(FieldIndex.indexName(collectionID: info.id, path: path, kind: kind))
        }
        let found = try connection.scalar(
            "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name IN (?, ?)", names)
        return found != nil
    }

    private static func page(
        _ request: FindRequest, plan: ReadPlan, skip: Int, max: Int, _ connection: SQLiteConnection
    ) throws -> [Document] {
        var documents: [Document] = []
        documents.reserveCapacity(Swift.min(max, 1000))
        try forEachPageRow(
            request, columns: documentColumns, plan: plan, skip: skip, max: max, connection,
            restart: { documents.removeAll(keepingCapacity: true) },
            { row in documents.append(document(from: row)) })
        return documents
    }

    /// VM instructions an unsorted string-equality page may spend walking the `_id` index
    /// before it reads the table in storage order instead: about 10,000 rows tested, a few
    /// milliseconds.
    static let indexWalkBudget: Int32 = 200_000

    /// Runs the page query and calls `row` for each row of the page.
    ///
    /// An unsorted page of a string-equality query (`ReadPlan.scansStorageOrder`) has two good
    /// plans: walking the `_id` index, which stops as soon as the page is full (fast when
    /// matches are common, but a random row lookup for every document tested), and reading the
    /// table in storage order and sorting the matches (about twice as fast per document, but
    /// always every document). It walks first under `indexWalkBudget`; when that runs out it
    /// calls `restart` (the caller drops the rows it got) and reads the table instead. Over
    /// 100,000 documents a value matching a quarter of them then takes ~0.3 ms instead of
    /// ~50, and a rare one the scan's time plus the budget.
    static func forEachPageRow(
        _ request: FindRequest, columns: String, plan: ReadPlan, skip: Int, max: Int,
        _ connection: SQLiteConnection, walkBudget: Int32 = indexWalkBudget, restart: () -> Void,
        _ row: (SQLiteStatement) throws -> Void
    ) throws {
        let walk = try pageSQL(request, columns: columns, plan: plan, skip: skip, max: max, connection)
        guard plan.scansStorageOrder, request.sort.isEmpty else {
            do {
                return try connection.forEachRow(walk.sql, walk.bindings, row)
            } catch let error as SQLiteError
                where plan.sortTiers != nil && error.message.hasPrefix("no such index")
            {
                // A tier another process merged since this one read the tiers: the page without them.
                var whole = plan
                whole.sortTiers = nil
                let page = try pageSQL(
                    request, columns: columns, plan: whole, skip: skip, max: max, connection)
                return try connection.forEachRow(page.sql, page.bindings, row)
            }
        }
        if try connection.forEachRow(walk.sql, walk.bindings, instructionBudget: walkBudget, row) {
            return
        }
        restart()
        let scan = try pageSQL(
            request, columns: columns, plan: plan, skip: skip, max: max, storageOrder: true, connection)
        try connection.forEachRow(scan.sql, scan.bindings, row)
    }

    static func count(info: CollectionInfo, condition: SQLFragment, _ connection: SQLiteConnection) throws
        -> Int
    {
        // No WHERE for "everything": SQLite then counts b-tree entries instead of looping.
        let whereClause = condition.isAlwaysTrue ? "" : " WHERE \(condition.sql)"
        let value = try connection.scalar(
            "SELECT count(*) FROM \(info.table)\(whereClause)", condition.bindings)
        guard case .integer(let number) = value else { return 0 }
        return Int(number)
    }
}
