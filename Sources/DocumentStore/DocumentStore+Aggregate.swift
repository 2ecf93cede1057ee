import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Groups the matching documents by `groupBy` and computes `aggregates` per group (one
    /// group over all matches when `groupBy` is empty), in SQL, in MongoDB's order of the group
    /// values; `skip` and `max` page the groups. Answers the page and the number of groups.
    ///
    /// Group values and MIN/MAX come back as the JSON values they are in the documents: SQL
    /// alone would give booleans as 0/1, objects and arrays as their text and `_created` as
    /// milliseconds. So a body field is grouped by (type-class rank, value), the sort's pair,
    /// which keeps `true` apart from `1` and an object apart from a string of the same text,
    /// and MIN/MAX take one column per type class, the answer being the first class (for MIN;
    /// the last for MAX) that has a value: MongoDB's order null < numbers < strings < objects
    /// < arrays < booleans.
    static func groups(
        _ request: FindRequest, info: CollectionInfo, condition: SQLFragment, skip: Int, max: Int,
        _ connection: SQLiteConnection
    ) throws -> (groups: [JSONObject], total: Int) {
        let keys = try request.groupBy.map(GroupColumn.init)
        let aggregates = try request.aggregates.map(AggregateColumns.init)
        let keyColumns = keys.flatMap(\.columns)
        let columns = keyColumns + aggregates.flatMap(\.columns)
        guard !columns.isEmpty else { return ([], 0) }
        let positions = (0..<keyColumns.count).map { String($0 + 1) }.joined(separator: ", ")
        var grouping = SQLFragment(" FROM \(info.table) WHERE ") + condition
        if !keyColumns.isEmpty { grouping.append(" GROUP BY \(positions)") }
        var sql = SQLFragment("SELECT \(columns.joined(separator: ", "))") + grouping
        if !keyColumns.isEmpty { sql.append(" ORDER BY \(positions)") }
        sql.append(SQLFragment(" LIMIT ? OFFSET ?", [.integer(Int64(max)), .integer(Int64(skip))]))
        var groups: [JSONObject] = []
        try connection.forEachRow(sql.sql, sql.bindings) { row in
            var group = JSONObject()
            var column = 0
            for key in keys {
                group[key.name] = key.value(row, at: column)
                column += key.columns.count
            }
            for aggregate in aggregates {
                group[aggregate.outputKey] = aggregate.value(row, at: column)
                column += aggregate.columns.count
            }
            groups.append(group)
        }
        if let total = groupTotal(pageCount: groups.count, skip: skip, max: max, grouped: !keyColumns.isEmpty)
        {
            return (groups, total)
        }
        let count =
            SQLFragment("SELECT count(*) FROM (SELECT \(keyColumns.joined(separator: ", "))") + grouping
        guard case .integer(let total) = try connection.scalar(count.sql + ")", count.bindings) else {
            return (groups, 0)
        }
        return (groups, Int(total))
    }

    /// The number of groups a page of `pageCount` groups tells by itself (neither full nor
    /// past the end, or no GROUP BY: an aggregate over the matches is always exactly one
    /// group); nil when only a count can tell.
    package static func groupTotal(pageCount: Int, skip: Int, max: Int, grouped: Bool) -> Int? {
        if pageCount < max && (pageCount > 0 || skip == 0) { return skip + pageCount }
        return grouped ? nil : 1
    }

    /// The JSON value of an SQL result of `json_extract` or a text/integer column.
    static func json(_ value: SQLValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .number(JSONNumber(number))
        case .real(let number): return number.isFinite ? .number(JSONNumber(number)) : .null
        case .text(let text): return .string(text)
        case .blob: return .null
        }
    }
}

/// Where a grouped or aggregated field is read, on any engine: a system column, or a path in
/// the body.
package enum GroupedField {
    case column(SystemColumn)
    case body(FieldPath)

    /// The field named `field` (`_created`, `address.city`); `badRequest` if it is no path.
    package init(_ field: String) throws {
        let path: FieldPath
        do {
            path = try FieldPath(field)
        } catch {
            throw StoreError.badRequest(
                "'\(field)' is not a field path; use names joined by dots such as address.city.")
        }
        if path.segments.count == 1, let column = SystemColumn(field: path.segments[0]) {
            self = .column(column)
        } else {
            self = .body(path)
        }
    }

    /// A `groupBy` term (`color`, `$YEAR:registered`); `badRequest` if it is none.
    package static func term(_ name: String) throws -> (spec: GroupSpec, field: GroupedField) {
        let spec: GroupSpec
        do {
            spec = try GroupSpec(name)
        } catch {
            throw StoreError.badRequest(error.message + ".")
        }
        return (spec, try GroupedField(spec.path.description))
    }
}

/// Where a grouped field comes from on SQLite: a system column, or a body path read as
/// (rank, value).
private enum FieldSource {
    case column(SystemColumn)
    case body(ValueReference)

    init(_ field: GroupedField) {
        switch field {
        case .column(let column): self = .column(column)
        case .body(let path): self = .body(ValueReference.field(body: StorageLayout.bodyColumn, path: path))
        }
    }

    /// A system column's value as JSON: dates in restdb's ISO form.
    static func columnValue(_ value: SQLValue, _ column: SystemColumn) -> JSONValue {
        if column.kind == .date, case .integer(let milliseconds) = value {
            return .string(ISODate.format(milliseconds: milliseconds))
        }
        return DocumentStore.json(value)
    }

    /// The JSON value of a body field from its type-class rank and its `json_extract` result.
    static func bodyValue(rank: Int64, _ value: SQLValue) -> JSONValue {
        switch (rank, value) {
        case (3, .text(let text)), (4, .text(let text)): return (try? JSON.parse(text)) ?? .string(text)
        case (5, .integer(let flag)): return .bool(flag != 0)
        default: return DocumentStore.json(value)
        }
    }
}

/// One `groupBy` term's SELECT columns and how its value reads back; a date group
/// (`GroupSpec`) is one text column computed from the normalised date.
private struct GroupColumn {
    let name: String
    let source: FieldSource
    let spec: GroupSpec

    init(_ name: String) throws {
        self.name = name
        let (spec, field) = try GroupedField.term(name)
        self.spec = spec
        source = FieldSource(field)
    }

    var columns: [String] {
        switch (source, spec.dateFormat) {
        case (.column(let column), nil): return [column.name]
        case (.body(let field), nil): return [SortKey.rankExpression(field), field.value]
        case (.column(let column), _?):
            let date =
                column.kind == .date
                ? "(strftime('%Y-%m-%dT%H:%M:%S', \(column.name) / 1000, 'unixepoch') || '.'"
                    + " || substr('00' || (\(column.name) % 1000), -3) || 'Z')"
                : "restlite_date(\(column.name))"
            return [spec.sql(date: date)]
        case (.body(let field), _?): return [spec.sql(date: "restlite_date(\(field.value))")]
        }
    }

    func value(_ row: SQLiteStatement, at index: Int) -> JSONValue {
        switch (source, spec.dateFormat) {
        case (_, _?): DocumentStore.json(row.value(index))
        case (.column(let column), nil): FieldSource.columnValue(row.value(index), column)
        case (.body, nil): FieldSource.bodyValue(rank: row.int64(index), row.value(index + 1))
        }
    }
}

/// One aggregate's SELECT columns and how its value reads back (see `DocumentStore.groups`).
private struct AggregateColumns {
    let aggregate: Aggregate
    let source: FieldSource?

    /// Type classes of a body field for MIN/MAX, in MongoDB's ascending order, with their ranks.
    private static let classes: [(types: String, rank: Int64)] = [
        ("IN ('integer', 'real', 'text')", 0), ("= 'object'", 3), ("= 'array'", 4),
        ("IN ('true', 'false')", 5),
    ]

    init(_ aggregate: Aggregate) throws {
        self.aggregate = aggregate
        source = aggregate.function == .count ? nil : FieldSource(try GroupedField(aggregate.field))
    }

    var outputKey: String { aggregate.outputKey }

    var columns: [String] {
        let function = aggregate.function.rawValue
        switch (aggregate.function, source) {
        case (.count, _), (_, nil): return ["COUNT(*)"]
        case (_, .column(let column)?): return ["\(function)(\(column.name))"]
        case (.min, .body(let field)?), (.max, .body(let field)?):
            return Self.classes.map {
                "\(function)(CASE WHEN \(field.type) \($0.types) THEN \(field.value) END)"
            }
        case (_, .body(let field)?): return ["\(function)(\(field.value))"]
        }
    }

    func value(_ row: SQLiteStatement, at index: Int) -> JSONValue {
        switch (aggregate.function, source) {
        case (.min, .column(let column)?), (.max, .column(let column)?):
            return FieldSource.columnValue(row.value(index), column)
        case (.min, .body?), (.max, .body?):
            let order = Array(Self.classes.enumerated())
            for (offset, typeClass) in aggregate.function == .min ? order : order.reversed() {
                let value = row.value(index + offset)
                if value != .null { return FieldSource.bodyValue(rank: typeClass.rank, value) }
            }
            return .null
        default:
            return DocumentStore.json(row.value(index))
        }
    }
}
