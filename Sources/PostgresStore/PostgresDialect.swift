import DocumentQuery
import DocumentStore

/// PostgreSQL's text for the query compiler: documents are `jsonb` (`doc`), fields are read
/// with `->` (the expressions `createIndex` indexes), types with `restlite_type` (SQLite's
/// `json_type` names, numbers as `number`), arrays with `jsonb_array_elements`, and literals
/// compared with a `jsonb` value are converted to `jsonb` where they are bound
/// (`boundLiteral`). restlite's functions are created in the database when the engine opens
/// it (`PostgresFunctions`).
///
/// Values compare as `jsonb` does: numbers numerically, strings by the database's collation
/// (restlite's order, bytewise, needs `LC_COLLATE` `C`; the engine warns otherwise).
package struct PostgresDialect: SQLDialect {
    /// The `text` column holding the document as restlite wrote it (the string prefilter
    /// searches it).
    package let textColumn: String

    package init(textColumn: String = "body") {
        self.textColumn = textColumn
    }

    package func reference(to source: ValueSource) -> ValueReference {
        switch source {
        case .field(let body, let path):
            return located(Self.fieldExpression(body, path.segments.map(PathStep.key)))
        case .steps(let body, let steps):
            return located(Self.fieldExpression(body, steps))
        case .element(let alias):
            return located("\(alias).value")
        }
    }

    private func located(_ value: String) -> ValueReference {
        ValueReference(
            type: "restlite_type(\(value))", value: value,
            each: "jsonb_array_elements(CASE WHEN jsonb_typeof(\(value)) = 'array' THEN \(value) END)")
    }

    /// `(doc -> 'owner' -> 'city')`: the expression an index on the field holds, word for word.
    /// A position reads only an array: `jsonb`'s `-> 0` on a number or string gives the value
    /// itself (a scalar is stored as a one-element array), where SQLite's `$[0]` gives NULL.
    package static func fieldExpression(_ body: String, _ steps: [PathStep]) -> String {
        var expression = body
        for step in steps {
            switch step {
            case .key(let key): expression += " -> " + quoted(key)
            case .index(let index):
                expression =
                    "(CASE WHEN jsonb_typeof(\(expression)) = 'array' THEN \(expression) -> \(index) END)"
            }
        }
        return "(" + expression + ")"
    }

    static func quoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }

    /// `'{"owner","city"}'`, a `text[]` literal for `#>` (paths hold no `"` or `\`).
    package func pathLiteral(_ path: FieldPath) -> String {
        Self.quoted("{" + path.segments.map { "\"\($0)\"" }.joined(separator: ",") + "}")
    }

    package func typeName(_ kind: JSONKind) -> String {
        switch kind {
        case .integer, .real: "'number'"
        case .text: "'text'"
        default: "'\(kind.rawValue)'"
        }
    }

    /// `(CASE WHEN restlite_type(v) = 'number' THEN 1 END) IS NOT NULL`: the same rows as the
    /// bare comparison (false where it is NULL, which a negation's `coalesce` treats alike), but
    /// a test PostgreSQL estimates as almost always true, as a field's type test nearly always
    /// is. The bare comparison has no statistics, so the planner took it to keep 0.5 % of the
    /// rows (`DEFAULT_EQ_SEL`): a filtered sorted page whose condition matches 40 % of the
    /// documents was estimated at a few dozen rows, so sorting them looked cheaper than walking
    /// the sort index and stopping after the page.
    package func typeTest(_ type: String, kinds: [JSONKind]) -> String {
        var names: [String] = []
        for name in kinds.map(typeName) where !names.contains(name) { names.append(name) }
        let test =
            names.count == 1 ? "\(type) = \(names[0])" : "\(type) IN (" + names.joined(separator: ", ") + ")"
        return "(CASE WHEN \(test) THEN 1 END) IS NOT NULL"
    }

    package func literal(_ flag: Bool) -> String { flag ? "true" : "false" }

    package func negate(_ condition: SQLFragment) -> SQLFragment {
        SQLFragment("NOT coalesce(") + condition + SQLFragment(", false)")
    }

    package func selective(_ comparison: String) -> String { comparison }

    package var inBoundArray: String { "IN (SELECT jsonb_array_elements(CAST(? AS jsonb)))" }

    /// Containers compare by their JSON text as `jsonb` writes it, not by `jsonb` equality,
    /// which holds for numbers of equal value (`[2.0]` equals `[2]`): SQLite compares the text
    /// restlite wrote. `jsonb`'s text keeps a number's digits (`2.0`), but orders an object's
    /// keys and writes exponents out (`1e1` as `10`): docs/API.md, PostgreSQL exceptions.
    package func containerInBoundArray(_ value: String) -> String {
        "CAST(\(value) AS text) IN (SELECT CAST(CAST(e #>> '{}' AS jsonb) AS text)"
            + " FROM jsonb_array_elements(CAST(? AS jsonb)) AS e)"
    }

    package func containerEquals(_ value: String) -> String {
        "CAST(\(value) AS text) = CAST(CAST(? AS jsonb) AS text)"
    }

    package func columnInBoundArray(numeric: Bool) -> String {
        numeric
            ? "= ANY(ARRAY(SELECT CAST(jsonb_array_elements_text(CAST(? AS jsonb)) AS numeric)))"
            : "= ANY(ARRAY(SELECT jsonb_array_elements_text(CAST(? AS jsonb))))"
    }

    package func boundLiteral(_ kind: JSONKind) -> String {
        switch kind {
        case .text: "to_jsonb(CAST(? AS text))"
        case .trueValue, .falseValue: "to_jsonb(CAST(? AS integer) <> 0)"
        case .null: "'null'::jsonb"
        case .integer, .real, .array, .object: "CAST(? AS jsonb)"
        }
    }

    /// With `indexable` (the array arm of a field test, `value arm OR array arm`), a redundant
    /// range comes first that a value index on the field answers: PostgreSQL reads an index for
    /// an OR only when every arm can use one, so without it an equality on an indexed field
    /// (declared or automatic) scans the table. In `jsonb`'s order a non-empty array sorts after
    /// every boolean and before every object; an empty one sorts first of all, but it has no
    /// element for the arm to find.
    package func isArray(_ reference: ValueReference, indexable: Bool) -> String {
        let type = "jsonb_typeof(\(reference.value)) = 'array'"
        guard indexable else { return type }
        return
            "\(reference.value) > CAST('true' AS jsonb) AND \(reference.value) < CAST('{}' AS jsonb) AND \(type)"
    }

    package func anyElement(of reference: ValueReference, alias: String, where condition: SQLFragment)
        -> SQLFragment
    {
        SQLFragment("EXISTS (SELECT 1 FROM \(reference.each) AS \(alias)(value) WHERE ") + condition
            + SQLFragment(")")
    }

    package func call(_ function: QueryFunction, _ arguments: [String]) -> String {
        switch function {
        case .has:
            // The body text is restlite's own canonical JSON, as on SQLite.
            return "(strpos(\(textColumn), CAST(\(arguments[1]) AS text)) > 0)"
        case .sortKey:
            return "restlite_sortkey(CAST(\(textColumn) AS json) #> \(arguments[1]))"
        case .regexp:
            return
                "restlite_regexp(CAST(\(arguments[0]) AS text), CAST(\(arguments[1]) AS text), \(arguments[2]))"
        case .date, .containsCaseInsensitive:
            return "restlite_\(function.rawValue)(" + arguments.joined(separator: ", ") + ")"
        }
    }

    /// Every string value at any depth (`jsonb_path_query` with `.**`), `_id` left out;
    /// lower-cased with `lower()` (ASCII letters under the C collation, as SQLite) or, for a
    /// needle with other characters, `restlite_contains_ci` (the ICU collation's case mapping).
    package func freeText(_ text: String, body: String) -> SQLFragment {
        if text.isEmpty { return SQLFragment("true") }
        let strings =
            "EXISTS (SELECT 1 FROM jsonb_path_query(\(body) - '_id', 'strict $.**') AS f(v)"
            + " WHERE jsonb_typeof(f.v) = 'string' AND "
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return SQLFragment(
                strings + "restlite_contains_ci(f.v #>> '{}', CAST(? AS text)))", [.text(text)])
        }
        let needle = String(
            decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        let search = SQLFragment(
            strings + "strpos(lower(f.v #>> '{}'), CAST(? AS text)) > 0)", [.text(needle)])
        guard
            !needle.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            )
        else { return search }
        return SQLFragment("(strpos(lower(\(textColumn)), CAST(? AS text)) > 0 AND ", [.text(needle)])
            + search
            + SQLFragment(")")
    }
}
