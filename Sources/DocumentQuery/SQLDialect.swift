/// The SQL text a query compiles to, for one database's dialect.
///
/// A query goes through three forms. `QueryParser` reads the JSON into the AST (`QueryNode`,
/// `ValuePredicate`, with literals sorted into type classes by `QueryOperand` and `InList`).
/// `QueryCompiler` lowers it with rules that hold in any SQL database: a missing field is
/// NULL and counts as false before a negation, every test checks the value's JSON type class
/// first, an array field also matches through any of its elements, system fields read their
/// own columns (`SystemColumn`). Values are located by a `ValueSource` (a path in a document
/// body, or an element of an array being iterated) and every literal is a bound `?`
/// (`SQLFragment`). This lowering is the dialect-neutral intermediate form; the dialect
/// writes every piece of database-specific text: JSON extraction and type names, array
/// iteration, the `IN` over a bound JSON array, restlite's SQL functions, boolean literals,
/// the planner hints, the free-text search.
///
/// `SQLiteDialect` (in DocumentStore, which also adds the calls below without `dialect:`) is
/// SQLite's implementation, `PostgresDialect` (in PostgresStore) PostgreSQL's. A dialect whose placeholders are numbered
/// (`$1`, `$2`) numbers the `?`s of the finished fragment, outside quoted literals, when it
/// prepares the statement.
///
/// ```swift
/// let query = try Query.parse(text: #"{"age":{"$gt":5}}"#)
/// query.sqlCondition(bodyColumn: "body", dialect: SQLiteDialect()).sql
/// ```
public protocol SQLDialect: Sendable {
    /// SQL expressions for the JSON type, the value and the elements of what `source` locates.
    func reference(to source: ValueSource) -> ValueReference
    /// A field path as the SQL literal the dialect's JSON functions take.
    func pathLiteral(_ path: FieldPath) -> String
    /// A JSON type name as a SQL literal, to compare with `ValueReference.type`.
    func typeName(_ kind: JSONKind) -> String
    /// The condition that the type expression `type` names one of `kinds` (at least one).
    func typeTest(_ type: String, kinds: [JSONKind]) -> String
    /// The condition that always holds (`true`) or never holds (`false`).
    func literal(_ flag: Bool) -> String
    /// `condition` negated so that an unknown (NULL, a missing field) counts as false first.
    func negate(_ condition: SQLFragment) -> SQLFragment
    /// A range comparison the planner should treat as selective (it is, when indexed).
    func selective(_ comparison: String) -> String
    /// The right-hand side of a membership test in the elements of one bound JSON array.
    var inBoundArray: String { get }
    /// `reference` holds an array; a dialect may add terms that let a value index answer it.
    func isArray(_ reference: ValueReference, indexable: Bool) -> String
    /// Some element of the array `reference` satisfies `condition`, which reads the element
    /// through `reference(to: .element(alias: alias))`.
    func anyElement(of reference: ValueReference, alias: String, where condition: SQLFragment) -> SQLFragment
    /// A call of one of restlite's SQL functions (registered on every connection that queries).
    func call(_ function: QueryFunction, _ arguments: [String]) -> String
    /// restdb's free-text `filter`: some string value of the document, at any depth, contains
    /// `text` ignoring case, `_id` excluded. Empty text matches everything.
    func freeText(_ text: String, body: String) -> SQLFragment
    /// The placeholder of a literal compared with a JSON value (`ValueReference.value`, or a
    /// `date` call's result, which is `.text`): `?` where the database compares SQL values of
    /// any type (SQLite), a conversion of the bound text where values are typed (PostgreSQL's
    /// `jsonb`). The literal is bound as `compare` binds it (text, a number, 0/1 for a boolean,
    /// JSON text for an array or object).
    func boundLiteral(_ kind: JSONKind) -> String
    /// The right-hand side of a membership test of a system column (text, or numeric for the
    /// dates and `_version`) in the elements of one bound JSON array.
    func columnInBoundArray(numeric: Bool) -> String
    /// `value` (an array or object) is one of the containers in one bound JSON array, which
    /// holds each one's JSON text as a string (what SQLite's `json_extract` gives for a
    /// container). Containers are equal when their JSON text is: `[2.0]` is not `[2]`.
    func containerInBoundArray(_ value: String) -> String
    /// `value` (an array or object) equals the container whose JSON text is bound, compared
    /// as text as on SQLite (`[2.0]` is not `[2]`).
    func containerEquals(_ value: String) -> String
}

extension SQLDialect {
    /// SQLite compares values of any type: the bare placeholder.
    public func boundLiteral(_ kind: JSONKind) -> String { "?" }

    /// The same membership test as for JSON values.
    public func columnInBoundArray(numeric: Bool) -> String { inBoundArray }

    /// SQLite compares a container's JSON text with the text in the list.
    public func containerInBoundArray(_ value: String) -> String { "\(value) \(inBoundArray)" }

    /// SQLite compares a container's JSON text with the bound text.
    public func containerEquals(_ value: String) -> String { "\(value) = ?" }
}

extension SQLDialect {
    /// The type expression `type` names one of `kinds`: `t = 'text'`, `t IN ('integer', 'real')`.
    public func typeTest(_ type: String, kinds: [JSONKind]) -> String {
        if kinds.count == 1 { return "\(type) = \(typeName(kinds[0]))" }
        return "\(type) IN (" + kinds.map(typeName).joined(separator: ", ") + ")"
    }

    /// `typeTest(_:kinds:)` with the kinds listed.
    package func typeTest(_ type: String, _ kinds: JSONKind...) -> String {
        typeTest(type, kinds: kinds)
    }
}

/// Where a compiled test reads a value, before a dialect writes it as SQL.
public enum ValueSource: Sendable, Hashable {
    /// The field at `path` of the JSON document held by the SQL expression `body`.
    case field(body: String, path: FieldPath)
    /// The value reached from the JSON held by `body` by object keys and array positions.
    case steps(body: String, steps: [PathStep])
    /// The current element of an array iterated under the name `alias`.
    case element(alias: String)
}

/// The JSON types a compiled test tells apart (the names are SQLite's `json_type` names).
public enum JSONKind: String, Sendable, CaseIterable {
    case null
    case trueValue = "true"
    case falseValue = "false"
    case integer, real, text, array, object
}

/// The functions restlite adds to the database (`registerQueryFunctions(on:)` for SQLite).
public enum QueryFunction: String, Sendable, CaseIterable {
    /// `(pattern, options, value)`: 1 when `value` is text the expression matches.
    case regexp
    /// `(value)`: the normalised date text of an ISO 8601 string, else NULL.
    case date
    /// `(value, needle)`: 1 when `value` contains `needle`, ignoring case.
    case containsCaseInsensitive = "contains_ci"
    /// `(text, needle)`: 1 when the bytes of `needle` occur in `text`.
    case has
    /// `(body, path)`: the sort value of a top-level field.
    case sortKey = "sortkey"
}

/// One step of a JSON path: an object key, or a position in an array.
public enum PathStep: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// The array position a path segment names: `0` or digits without a leading zero, up to
    /// 9 digits; nil for any other segment (which is only ever an object key).
    public static func arrayIndex(_ segment: String) -> Int? {
        let utf8 = segment.utf8
        guard !utf8.isEmpty, utf8.count <= 9, utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        guard utf8.count == 1 || utf8.first != 0x30 else { return nil }
        return Int(segment)
    }
}
