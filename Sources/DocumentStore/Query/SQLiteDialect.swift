import DocumentQuery

/// SQLite's JSON1 functions (`json_extract`, `json_type`, `json_each`), `likelihood` hints,
/// 0/1 conditions and the `restlite_` functions of `registerQueryFunctions(on:)`.
public struct SQLiteDialect: SQLDialect {
    public init() {}

    public func reference(to source: ValueSource) -> ValueReference {
        switch source {
        case .field(let body, let path):
            return located(body, pathLiteral(path))
        case .steps(let body, let steps):
            return located(body, Self.pathLiteral(steps))
        case .element(let alias):
            return ValueReference(
                type: "\(alias).type", value: "\(alias).value", each: "json_each(\(alias).value)")
        }
    }

    private func located(_ body: String, _ literal: String) -> ValueReference {
        ValueReference(
            type: "json_type(\(body), \(literal))", value: "json_extract(\(body), \(literal))",
            each: "json_each(\(body), \(literal))")
    }

    /// `'$."items"[0]."sku"'`: keys quoted as `FieldPath.sqlLiteral` writes them (so all-key
    /// steps give the same text, which the expression indexes need), positions in brackets.
    package static func pathLiteral(_ steps: [PathStep]) -> String {
        let path =
            "$"
            + steps.map { step in
                switch step {
                case .key(let key): ".\"\(key)\""
                case .index(let index): "[\(index)]"
                }
            }.joined()
        return "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''")
            + "'"
    }

    /// `'$."owner"."city"'` (`FieldPath.sqlLiteral`).
    public func pathLiteral(_ path: FieldPath) -> String { path.sqlLiteral }

    public func typeName(_ kind: JSONKind) -> String { "'\(kind.rawValue)'" }

    public func literal(_ flag: Bool) -> String { flag ? "1" : "0" }

    public func negate(_ condition: SQLFragment) -> SQLFragment {
        SQLFragment("NOT ifnull(") + condition + SQLFragment(", 0)")
    }

    /// Without statistics SQLite guesses a range keeps a quarter of the rows and then prefers
    /// walking the `_id` order (no sort) over a declared index; `likelihood` says a range is
    /// selective, as it is when someone indexed the field. Results are unchanged.
    public func selective(_ comparison: String) -> String { "likelihood(\(comparison), 0.01)" }

    public var inBoundArray: String { "IN (SELECT value FROM json_each(?))" }

    /// The range on the value is redundant (an array's JSON text starts with `[`) but lets the
    /// test use a value index too, so an indexed field's whole OR can be answered from the
    /// index (SQLite's OR optimisation needs every arm indexable).
    public func isArray(_ reference: ValueReference, indexable: Bool) -> String {
        let type = typeTest(reference.type, .array)
        guard indexable else { return type }
        return "\(reference.value) >= '[' AND \(reference.value) < '\\' AND \(type)"
    }

    public func anyElement(of reference: ValueReference, alias: String, where condition: SQLFragment)
        -> SQLFragment
    {
        SQLFragment("EXISTS (SELECT 1 FROM \(reference.each) AS \(alias) WHERE ") + condition
            + SQLFragment(")")
    }

    public func call(_ function: QueryFunction, _ arguments: [String]) -> String {
        "restlite_\(function.rawValue)(" + arguments.joined(separator: ", ") + ")"
    }

    /// An ASCII needle folds case with SQLite's `lower()` (ASCII letters only) and first checks
    /// the raw JSON text with `instr`, which rules most documents out without parsing them. A
    /// needle with other characters goes through `restlite_contains_ci` (`FreeTextFilter.contains`).
    public func freeText(_ text: String, body: String) -> SQLFragment {
        if text.isEmpty { return SQLFragment("1") }
        let tree =
            "EXISTS (SELECT 1 FROM json_tree(\(body)) AS f WHERE f.type = 'text'"
            + " AND NOT (f.parent = 0 AND f.key = '_id') AND "
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return SQLFragment(tree + "restlite_contains_ci(f.atom, ?))", [.text(text)])
        }
        let needle = FreeTextFilter.asciiLowercased(text)
        let search = SQLFragment(tree + "instr(lower(f.atom), ?) > 0)", [.text(needle)])
        // Characters JSON escapes look different in the raw text, so they skip the shortcut.
        guard
            !needle.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            )
        else { return search }
        return SQLFragment("(instr(lower(\(body)), ?) > 0 AND ", [.text(needle)]) + search + SQLFragment(")")
    }
}
