import DocumentQuery

/// The body fields a read filters and sorts on, where an expression index could serve it.
package struct IndexableFields: Sendable, Hashable {
    /// Fields tested by equality, `$in`, a comparison or `$bt` (all but under `$not`).
    package var filtered: Set<FieldPath> = []
    /// Fields sorted on.
    package var sorted: Set<FieldPath> = []

    package var isEmpty: Bool { filtered.isEmpty && sorted.isEmpty }

    package init(query: QueryNode, sort: [SortKey]) {
        collect(query)
        sorted = Set(sort.map(\.path).filter(Self.isBodyField))
    }

    private mutating func collect(_ node: QueryNode) {
        switch node {
        case .and(let nodes), .or(let nodes):
            for node in nodes { collect(node) }
        case .match(let path, let predicate) where Self.isBodyField(path) && Self.indexable(predicate):
            filtered.insert(path)
        case .not, .exists, .match:
            return
        }
    }

    /// Tests an expression index on the field's value answers.
    private static func indexable(_ predicate: ValuePredicate) -> Bool {
        switch predicate {
        case .equals, .compare, .oneOf, .between: return true
        case .regex, .elementMatch: return false
        }
    }

    /// System fields are columns with indexes of their own.
    private static func isBodyField(_ path: FieldPath) -> Bool {
        path.segments.count > 1 || SystemColumn(field: path.segments[0]) == nil
    }
}
