import DocumentJSON
import DocumentQuery
import DocumentStore

extension PostgresEngine {
    /// `groupBy` and `aggregates` as `DocumentStore.groups` answers them on SQLite: the
    /// matching documents grouped in SQL, the groups in MongoDB's order of their values
    /// (null < numbers < strings < objects < arrays < booleans), `skip` and `max` paging the
    /// groups; the page and the number of groups.
    ///
    /// A body field is grouped by its sort key (`restlite_sortkey`: type-class rank, number,
    /// text as restlite wrote it), so `true` stays apart from `1` and an object from a string
    /// of the same text, and `1` and `1.0` are one group, as on SQLite. Numbers come back as
    /// SQLite gives them: an integer literal as an integer, any other as a double.
    func groups(
        _ request: FindRequest, info: CollectionInfo, condition: SQLFragment, skip: Int, max: Int,
        _ connection: PostgresConnection
    ) throws -> (groups: [JSONObject], total: Int) {
        let keys = try request.groupBy.map(PostgresGroupColumn.init)
        let aggregates = try request.aggregates.map(PostgresAggregateColumns.init)
        let keyColumns = keys.flatMap(\.columns)
        let columns = keyColumns + aggregates.flatMap(\.columns)
        guard !columns.isEmpty else { return ([], 0) }
        let positions = (0..<keyColumns.count).map { String($0 + 1) }
        var grouping = SQLFragment(" FROM \(info.table) WHERE ") + condition
        if !keyColumns.isEmpty { grouping.append(" GROUP BY \(positions.joined(separator: ", "))") }
        var sql = SQLFragment("SELECT \(columns.joined(separator: ", "))") + grouping
        if !keyColumns.isEmpty {
            // SQLite orders NULL first.
            sql.append(" ORDER BY " + positions.map { "\($0) NULLS FIRST" }.joined(separator: ", "))
        }
        sql.append(SQLFragment(" LIMIT ? OFFSET ?", [.integer(Int64(max)), .integer(Int64(skip))]))
        let rows = try connection.execute(sql.sql, sql.bindings)
        var groups: [JSONObject] = []
        for row in 0..<rows.count {
            var group = JSONObject()
            var column = 0
            for key in keys {
                group[key.name] = key.value(rows, row, at: column)
                column += key.columns.count
            }
            for aggregate in aggregates {
                group[aggregate.aggregate.outputKey] = try aggregate.value(rows, row, at: column)
                column += aggregate.columns.count
            }
            groups.append(group)
        }
        if let total = DocumentStore.groupTotal(
            pageCount: groups.count, skip: skip, max: max, grouped: !keyColumns.isEmpty)
        {
            return (groups, total)
        }
        let count =
            SQLFragment("SELECT count(*) FROM (SELECT \(keyColumns.joined(separator: ", "))") + grouping
        return (groups, Int(try connection.execute(count.sql + ") AS g", count.bindings).int64(0, 0)))
    }
}

/// How PostgreSQL reads a grouped or aggregated field.
extension GroupedField {
    /// The field as `jsonb` (`doc -> 'a' -> 'b'`: keys only, as SQLite's `$."a"."b"`).
    static func jsonb(_ path: FieldPath) -> String {
        PostgresDialect.fieldExpression(PostgresEngine.documentColumn, path.segments.map(PathStep.key))
    }

    /// The field as `json` read from the body text: objects and arrays keep restlite's text.
    static func json(_ path: FieldPath) -> String {
        "(CAST(body AS json)" + path.segments.map { " -> " + PostgresDialect.quoted($0) }.joined() + ")"
    }

    /// A system column's text (`PostgresRows.text`) as JSON: dates in restdb's ISO form.
    static func columnValue(_ text: String?, _ column: SystemColumn) -> JSONValue {
        guard let text else { return .null }
        switch column.kind {
        case .date: return Int64(text).map { .string(ISODate.format(milliseconds: $0)) } ?? .null
        case .integer: return number(text)
        case .text: return .string(text)
        }
    }

    /// A number PostgreSQL wrote (`numeric` or an integer) as SQLite's `json_extract` gives
    /// it: an integer literal that fits 64 bits as an integer, any other as a double.
    static func number(_ text: String?) -> JSONValue {
        guard let text else { return .null }
        if let integer = Int64(text) { return .number(JSONNumber(integer)) }
        guard let double = Double(text), double.isFinite else { return .null }
        return .number(JSONNumber(double))
    }
}

/// One `groupBy` term's SELECT columns and how its value reads back; a date group is one text
/// column computed from the normalised date (`GroupSpec.sql`).
private struct PostgresGroupColumn {
    let name: String
    let source: GroupedField
    let spec: GroupSpec

    init(_ name: String) throws {
        self.name = name
        (spec, source) = try GroupedField.term(name)
    }

    var columns: [String] {
        switch (source, spec.dateFormat) {
        case (.column(let column), nil):
            return [column.kind == .text ? "\(column.name) COLLATE \"C\"" : column.name]
        case (.body(let path), nil):
            let key = "restlite_sortkey(\(GroupedField.json(path)))"
            return ["(\(key)).rank", "(\(key)).num", "(\(key)).txt"]
        case (.column(let column), _?):
            let date: String
            switch column.kind {
            case .date:
                date =
                    "to_char(timestamp 'epoch' + \(column.name) * interval '1 millisecond',"
                    + " 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
            case .text: date = "restlite_date_text(\(column.name))"
            case .integer: date = "CAST(NULL AS text)"
            }
            return [Self.sql(spec, date: date)]
        case (.body(let path), _?):
            let field = GroupedField.jsonb(path)
            return [
                Self.sql(
                    spec,
                    date:
                        "restlite_date_text(CASE WHEN jsonb_typeof(\(field)) = 'string' THEN \(field) #>> '{}' END)"
                )
            ]
        }
    }

    /// `GroupSpec.sql` with month names from a PostgreSQL array.
    private static func sql(_ spec: GroupSpec, date: String) -> String {
        "("
            + spec.sql(date: date) { date, short in
                let names = GroupSpec.monthNames(short: short).map { PostgresDialect.quoted($0) }
                return "(ARRAY[\(names.joined(separator: ", "))])[CAST(substr(\(date), 6, 2) AS INTEGER)]"
            } + " COLLATE \"C\")"
    }

    func value(_ rows: PostgresRows, _ row: Int, at index: Int) -> JSONValue {
        switch (source, spec.dateFormat) {
        case (_, _?): return rows.text(row, index).map(JSONValue.string) ?? .null
        case (.column(let column), nil): return GroupedField.columnValue(rows.text(row, index), column)
        case (.body, nil):
            return PostgresAggregateColumns.bodyValue(
                rank: rows.int64(row, index), number: rows.text(row, index + 1),
                text: rows.text(row, index + 2))
        }
    }
}

/// One aggregate's SELECT columns and how its value reads back, as SQLite computes it.
///
/// MIN and MAX of a body field take one column per type class (numbers, strings, objects,
/// arrays, booleans): the answer is the first class that has a value (the last for MAX), as
/// SQLite orders numbers before text and `DocumentStore` orders the other classes. SUM and AVG
/// add what SQLite's `sum` adds of `json_extract`'s values (`restlite_aggregate_number`:
/// numbers, booleans as 0 and 1, a string's leading number, 0 for an object or array) and
/// answer an integer when every value added was one, as SQLite does.
private struct PostgresAggregateColumns {
    let aggregate: Aggregate
    let source: GroupedField?

    init(_ aggregate: Aggregate) throws {
        self.aggregate = aggregate
        source = aggregate.function == .count ? nil : try GroupedField(aggregate.field)
    }

    var columns: [String] {
        let function = aggregate.function.rawValue
        switch (aggregate.function, source) {
        case (.count, _), (_, nil): return ["count(*)"]
        case (.min, .column(let column)?), (.max, .column(let column)?):
            return ["\(function)(\(column.name)\(column.kind == .text ? " COLLATE \"C\"" : ""))"]
        case (.min, .body(let path)?), (.max, .body(let path)?):
            let field = GroupedField.jsonb(path)
            let json = GroupedField.json(path)
            return [
                "\(function)(CASE WHEN jsonb_typeof(\(field)) = 'number' THEN CAST(\(field) #>> '{}' AS numeric) END)",
                "\(function)(CASE WHEN jsonb_typeof(\(field)) = 'string' THEN \(field) #>> '{}' END COLLATE \"C\")",
                "\(function)(CASE WHEN jsonb_typeof(\(field)) = 'object' THEN CAST(\(json) AS text) END COLLATE \"C\")",
                "\(function)(CASE WHEN jsonb_typeof(\(field)) = 'array' THEN CAST(\(json) AS text) END COLLATE \"C\")",
                "\(function)(CASE WHEN jsonb_typeof(\(field)) = 'boolean' THEN CAST(\(field) = 'true' AS integer) END)",
            ]
        case (_, .column(let column)?):
            let value =
                column.kind == .text
                ? "restlite_aggregate_number(to_jsonb(\(column.name)))" : "CAST(\(column.name) AS numeric)"
            let integral =
                column.kind == .text ? "restlite_aggregate_integral(to_jsonb(\(column.name)))" : "true"
            return ["sum(\(value))", "count(\(value))", "bool_and(\(integral))"]
        case (_, .body(let path)?):
            let field = GroupedField.jsonb(path)
            return [
                "sum(restlite_aggregate_number(\(field)))", "count(restlite_aggregate_number(\(field)))",
                "bool_and(restlite_aggregate_integral(\(field)))",
            ]
        }
    }

    func value(_ rows: PostgresRows, _ row: Int, at index: Int) throws -> JSONValue {
        switch (aggregate.function, source) {
        case (.count, _), (_, nil): return .number(JSONNumber(rows.int64(row, index)))
        case (.min, .column(let column)?), (.max, .column(let column)?):
            return GroupedField.columnValue(rows.text(row, index), column)
        case (.min, .body?), (.max, .body?):
            let ranks: [Int64] = [1, 2, 3, 4, 5]
            let order = Array(ranks.enumerated())
            for (offset, rank) in aggregate.function == .min ? order : order.reversed() {
                guard let text = rows.text(row, index + offset) else { continue }
                return Self.bodyValue(rank: rank, number: text, text: text)
            }
            return .null
        default:
            guard let sum = rows.text(row, index) else { return .null }
            let integral = rows.text(row, index + 2) == "t"
            if aggregate.function == .sum {
                if integral {
                    // SQLite's SUM refuses to leave the 64-bit integers.
                    guard let integer = Int64(sum) else {
                        throw StoreError.badRequest(QueryFailure.sumOverflow)
                    }
                    return .number(JSONNumber(integer))
                }
                return Double(sum).map { .number(JSONNumber($0)) } ?? .null
            }
            let count = Double(rows.int64(row, index + 1))
            guard let total = Double(sum), count > 0 else { return .null }
            return .number(JSONNumber(total / count))
        }
    }

    /// A body value from its sort key's parts: rank (`restlite_sortkey`), number, text.
    static func bodyValue(rank: Int64, number: String?, text: String?) -> JSONValue {
        switch rank {
        case 1: return GroupedField.number(number)
        case 2: return text.map(JSONValue.string) ?? .null
        case 3, 4: return text.flatMap { try? JSON.parse($0) } ?? .null
        case 5: return .bool(text == "true" || text == "1")
        default: return .null
        }
    }
}
