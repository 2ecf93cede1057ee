import DocumentJSON

/// Turns query JSON into a `QueryNode`. Field-level operators are read into `OperatorTerm`s
/// first, so the same reader serves a document field and an `$elemMatch` element.
enum QueryParser {
    /// One operator of an operator object, before it is attached to a field or an element.
    enum OperatorTerm {
        case test(ValuePredicate)
        case not([OperatorTerm])
        case exists(Bool)
    }

    static func document(_ object: JSONObject) throws(QueryError) -> QueryNode {
        var nodes: [QueryNode] = []
        for member in object {
            if member.key.hasPrefix("$") {
                nodes.append(try logical(member.key, member.value))
            } else {
                let path = try FieldPath(member.key)
                guard QueryCompiler.armCount(path.segments) <= QueryCompiler.maxArms else {
                    throw QueryError(
                        .badFieldPath,
                        "field path `\(path.description.prefix(80))` has too many segments to follow through arrays;"
                            + " use at most 8 names (fewer with positions such as .0)")
                }
                nodes.append(try field(path, member.value))
            }
        }
        return nodes.count == 1 ? nodes[0] : .and(nodes)
    }

    private static func logical(_ key: String, _ value: JSONValue) throws(QueryError) -> QueryNode {
        guard ["$and", "$or", "$nor"].contains(key) else {
            throw QueryError(.unknownOperator, "unknown query operator `\(key)` at the top level")
        }
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw QueryError(.wrongOperand, "`\(key)` needs a non-empty array of query objects")
        }
        var nodes: [QueryNode] = []
        for element in elements {
            guard case .object(let object) = element else {
                throw QueryError(.wrongOperand, "`\(key)` needs query objects, got \(element.typePhrase)")
            }
            nodes.append(try document(object))
        }
        switch key {
        case "$and": return .and(nodes)
        case "$or": return .or(nodes)
        default: return .not(.or(nodes))
        }
    }

    static func field(_ path: FieldPath, _ value: JSONValue) throws(QueryError) -> QueryNode {
        guard let operators = try operatorObject(value, field: path) else {
            return .match(path, .equals(try QueryOperand(value, context: "field `\(path)`")))
        }
        let terms = try self.terms(operators, place: "field `\(path)`")
        return fieldNode(path, terms)
    }

    private static func fieldNode(_ path: FieldPath, _ terms: [OperatorTerm]) -> QueryNode {
        let nodes = terms.map { term -> QueryNode in
            switch term {
            case .test(let predicate): return .match(path, predicate)
            case .not(let inner): return .not(fieldNode(path, inner))
            case .exists(let flag): return .exists(path, flag)
            }
        }
        return nodes.count == 1 ? nodes[0] : .and(nodes)
    }

    /// The object when `value` is an operator object (every key starts with `$`, and it is not
    /// a `$date` literal); nil for a plain value. Mixing operators and fields is an error.
    static func operatorObject(_ value: JSONValue, field: FieldPath?) throws(QueryError) -> JSONObject? {
        guard case .object(let object) = value, !object.isEmpty, object["$date"] == nil else { return nil }
        // `{"$currentDate":{"$days":-7}}` is a date operand, not an operator.
        if object.count == 1, let key = object.keys.first, DynamicDate.variables.contains(key) { return nil }
        let operatorCount = object.keys.filter { $0.hasPrefix("$") }.count
        if operatorCount == 0 { return nil }
        guard operatorCount == object.count else {
            let place = field.map { " (field `\($0)`)" } ?? ""
            throw QueryError(.wrongOperand, "an object mixes `$` operators and field names\(place)")
        }
        return object
    }
}
