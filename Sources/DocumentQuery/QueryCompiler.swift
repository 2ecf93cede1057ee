import DocumentJSON

/// Compiles a `QueryNode` into a SQL condition whose literals are all bound parameters, by
/// dialect-neutral rules; all SQL text specific to a database comes from `dialect`.
///
/// Every fragment it produces is true or false, never NULL, wherever NULL could change the
/// answer: a negation first turns an unknown (a missing field) into false
/// (`SQLDialect.negate`), which is what `$ne`, `$nin` and `$not` need to match missing fields.
struct QueryCompiler {
    /// Writes the database-specific text.
    let dialect: any SQLDialect
    /// The expression holding the JSON text of the document (or of an `$elemMatch` element).
    let body: String
    /// True for a stored document, where `_id`, `_created`, ... live in their own columns.
    let systemColumns: Bool
    /// Written into each arm of a field test (`Query.sqlCondition(bodyColumn:dialect:armGuard:)`).
    let armGuard: String?
    /// Numbers the `json_each` aliases (`q1`, `q2`, ...) shared by nested compilers, so names
    /// never clash and one query always yields the same SQL text.
    private let aliases: AliasCounter

    init(
        body: String, systemColumns: Bool, dialect: any SQLDialect,
        aliases: AliasCounter = AliasCounter(), armGuard: String? = nil
    ) {
        self.dialect = dialect
        self.body = body
        self.systemColumns = systemColumns
        self.aliases = aliases
        self.armGuard = armGuard
    }

    final class AliasCounter {
        private var next = 0
        func make() -> String {
            next += 1
            return "q\(next)"
        }
    }

    func nested(body: String) -> QueryCompiler {
        QueryCompiler(body: body, systemColumns: false, dialect: dialect, aliases: aliases)
    }

    func newAlias() -> String { aliases.make() }

    func condition(_ node: QueryNode) -> SQLFragment {
        switch node {
        case .and(let nodes):
            if nodes.isEmpty { return SQLFragment(dialect.literal(true)) }
            return nodes.count == 1 ? condition(nodes[0]) : group(nodes.map(condition), " AND ")
        case .or(let nodes):
            if nodes.isEmpty { return SQLFragment(dialect.literal(false)) }
            return nodes.count == 1 ? condition(nodes[0]) : group(nodes.map(condition), " OR ")
        case .not(let inner): return negate(condition(inner))
        case .exists(let path, let flag): return exists(path, flag)
        case .match(let path, let predicate): return match(path, predicate)
        }
    }

    /// Parts joined by `AND` or `OR` in parentheses. SQLite nests `a OR b OR c ...` one level
    /// per term and refuses expressions over 1000 deep, so beyond `groupWidth` parts the
    /// terms are grouped in nested parentheses of at most that many: a huge `$or` or a long
    /// list of fields stays a few dozen levels deep. The meaning is unchanged.
    func group(_ parts: [SQLFragment], _ separator: String) -> SQLFragment {
        guard parts.count > Self.groupWidth else {
            return SQLFragment("(") + SQLFragment.joined(parts, separator: separator) + SQLFragment(")")
        }
        let chunks = stride(from: 0, to: parts.count, by: Self.groupWidth).map { start in
            group(Array(parts[start..<Swift.min(start + Self.groupWidth, parts.count)]), separator)
        }
        return group(chunks, separator)
    }

    /// The most terms one level of `group` joins.
    static let groupWidth = 32

    func negate(_ fragment: SQLFragment) -> SQLFragment {
        dialect.negate(fragment)
    }

    /// Some candidate of the path exists (`QueryCompiler+Paths`); a one-segment path is
    /// simply its field.
    private func exists(_ path: FieldPath, _ flag: Bool) -> SQLFragment {
        if let column = systemColumn(path) {
            return SQLFragment("\(column.name) IS \(flag ? "NOT " : "")NULL")
        }
        if path.segments.count == 1 {
            let field = dialect.reference(to: .field(body: body, path: path))
            return SQLFragment("\(field.type) IS \(flag ? "NOT " : "")NULL")
        }
        let found = any(candidateArms(path) { [SQLFragment("\($0.type) IS NOT NULL")] })
        return flag ? found : negate(found)
    }

    /// Any candidate of the field satisfies the predicate: a value the path reaches (through
    /// arrays too, `QueryCompiler+Paths`), or one of its elements when it is an array. A
    /// predicate that accepts null also accepts a path that reaches nothing.
    private func match(_ path: FieldPath, _ predicate: ValuePredicate) -> SQLFragment {
        if let column = systemColumn(path) { return columnTest(predicate, column: column) }
        var parts: [SQLFragment] = []
        if predicate.acceptsNull {
            if path.segments.count == 1 {
                let field = dialect.reference(to: .field(body: body, path: path))
                parts.append(SQLFragment("\(field.type) IS NULL"))
            } else {
                parts.append(negate(any(candidateArms(path) { [SQLFragment("\($0.type) IS NOT NULL")] })))
            }
        }
        parts += candidateArms(path) { candidate in
            var tests = [test(predicate, on: candidate)]
            if predicate.canMatchElement {
                let alias = newAlias()
                let element = dialect.reference(to: .element(alias: alias))
                let elements = dialect.anyElement(
                    of: candidate, alias: alias, where: test(predicate, on: element))
                tests.append(
                    SQLFragment("(\(dialect.isArray(candidate, indexable: true)) AND ") + elements
                        + SQLFragment(")"))
            }
            return tests
        }
        if let armGuard {
            parts = parts.map { SQLFragment("(\(armGuard) AND ") + $0 + SQLFragment(")") }
        }
        let expanded = parts.count == 1 ? parts[0] : group(parts, " OR ")
        guard let prefilter = prefilter(predicate) else { return expanded }
        return SQLFragment("(") + prefilter + SQLFragment(" AND ") + expanded + SQLFragment(")")
    }

    /// A string that equals the field must appear in the document text as its JSON literal,
    /// and a byte search of the raw text is far cheaper than parsing it. This holds because bodies
    /// are written by `JSONValue.serialized()`, whose escaping is canonical.
    private func prefilter(_ predicate: ValuePredicate) -> SQLFragment? {
        guard systemColumns, case .equals(.string(let text)) = predicate else { return nil }
        var literal: [UInt8] = []
        JSONValue.writeString(text, to: &literal)
        return SQLFragment(
            dialect.call(.has, [body, "?"]), [.text(String(decoding: literal, as: UTF8.self))])
    }

    func systemColumn(_ path: FieldPath) -> SystemColumn? {
        guard systemColumns, path.segments.count == 1 else { return nil }
        return SystemColumn(field: path.segments[0])
    }
}

extension ValuePredicate {
    /// True when a missing field matches (`null`, `$in` with null), as in MongoDB.
    var acceptsNull: Bool {
        switch self {
        case .equals(.null): true
        case .oneOf(let operands): operands.contains(.null)
        default: false
        }
    }

    /// `$elemMatch` looks at the array itself; every other test also tries each element.
    var canMatchElement: Bool {
        if case .elementMatch = self { return false }
        return true
    }
}
