/// The figures of a page written by `DocumentStore.appendPageJSON(_:into:)`: how many documents
/// it holds, where it starts and how long it may be, and the total when one was asked for.
public struct PageCounts: Sendable, Equatable {
    /// Documents on the page.
    public var count: Int
    /// How many documents match in all, when the request asked for `totals`.
    public var total: Int?
    public var skip: Int
    public var max: Int

    /// For engines of this package (PostgreSQL's writes its pages too).
    package init(count: Int, total: Int?, skip: Int, max: Int) {
        self.count = count
        self.total = total
        self.skip = skip
        self.max = max
    }
}

extension DocumentStore {
    /// Appends the page `request` selects to `bytes` as `[doc,doc,...]`, copied straight from
    /// the statement's text columns: the same bytes `find(_:)` + `FindResult.renderJSONArray`
    /// give, without a `Document` per row. Returns nil (appending nothing) for requests that
    /// need `find(_:)`: a `$fields` projection, `groupBy` or `aggregates`.
    public func appendPageJSON(_ request: FindRequest, into bytes: inout [UInt8]) throws -> PageCounts? {
        let request = try request.resolvingHints()
        guard request.fields == nil, request.groupBy.isEmpty, request.aggregates.isEmpty else { return nil }
        let plan = try prepare(request)
        let skip = Swift.max(0, request.skip)
        let max = Swift.max(0, request.max)
        // Without metafields only the body is read: SQLite then decodes one column per row.
        let columns = request.metafields ? Self.documentColumns : StorageLayout.bodyColumn
        return try timedRead(plan) {
            try appendPage(request, plan: plan, columns: columns, skip: skip, max: max, into: &bytes)
        }
    }

    private func appendPage(
        _ request: FindRequest, plan: ReadPlan, columns: String, skip: Int, max: Int,
        into bytes: inout [UInt8]
    ) throws -> PageCounts {
        let (info, condition) = (plan.info, plan.condition)
        return try pool.read { connection in
            let counting = request.totals
            if counting { try connection.run("BEGIN") }
            defer { if counting { _ = try? connection.run("COMMIT") } }
            var count = 0
            bytes.append(UInt8(ascii: "["))
            let start = bytes.count
            let restart = {
                bytes.removeSubrange(start...)
                count = 0
            }
            try Self.forEachPageRow(
                request, columns: columns, plan: plan, skip: skip, max: max, connection, restart: restart
            ) { row in
                if count > 0 { bytes.append(UInt8(ascii: ",")) }
                count += 1
                if request.metafields {
                    Self.appendRow(row, into: &bytes)
                } else {
                    row.appendBytes(0, to: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "]"))
            let total =
                counting
                ? try Self.total(
                    pageCount: count, skip: skip, max: max, info: info, condition: condition, connection)
                : nil
            return PageCounts(count: count, total: total, skip: skip, max: max)
        }
    }

    /// A `documentColumns` row with its system fields, as `Document.renderJSON(metafields: true)`.
    private static func appendRow(_ row: SQLiteStatement, into bytes: inout [UInt8]) {
        let start = bytes.count
        row.appendBytes(1, to: &bytes)
        guard bytes.count > start, bytes.last == UInt8(ascii: "}") else { return }
        bytes.removeLast()
        Document.appendSystemFields(
            created: row.int64(2), changed: row.int64(3), createdBy: row.text(4), changedBy: row.text(5),
            version: row.int64(6), into: &bytes)
    }
}
