import DocumentJSON

@testable import DocumentQuery
@testable import DocumentStore

/// A plain Swift reading of the query language, written from the rules in docs/QUERY.md and
/// independent of the SQL compiler, so the two can be checked against each other.
enum QueryEvaluator {
    static func matches(_ node: QueryNode, _ document: JSONObject) -> Bool {
        switch node {
        case .and(let nodes): return nodes.allSatisfy { matches($0, document) }
        case .or(let nodes): return nodes.contains { matches($0, document) }
        case .not(let inner): return !matches(inner, document)
        case .exists(let path, let flag): return !candidates(path, document).isEmpty == flag
        case .match(let path, let predicate):
            let values = candidates(path, document)
            if values.isEmpty { return acceptsMissing(predicate) }
            return values.contains { value in
                if test(predicate, value) { return true }
                if case .elementMatch = predicate { return false }
                return value.arrayValue?.contains { test(predicate, $0) } ?? false
            }
        }
    }

    /// The values a query path reaches (docs/QUERY.md): from a value, a segment leads to the
    /// object's key, to the array's position (a segment of digits), and to the key of each
    /// object element of an array.
    static func candidates(_ path: FieldPath, _ document: JSONObject) -> [JSONValue] {
        var current: [JSONValue] = [.object(document)]
        for segment in path.segments {
            var next: [JSONValue] = []
            for value in current {
                switch value {
                case .object(let object):
                    if let found = object[segment] { next.append(found) }
                case .array(let elements):
                    if let index = positionIn(segment), index < elements.count {
                        next.append(elements[index])
                    }
                    for element in elements {
                        if case .object(let object) = element, let found = object[segment] {
                            next.append(found)
                        }
                    }
                default: break
                }
            }
            current = next
        }
        return current
    }

    private static func positionIn(_ segment: String) -> Int? {
        guard let number = Int(segment), number >= 0, String(number) == segment, segment.count <= 9 else {
            return nil
        }
        return number
    }

    static func lookup(_ path: FieldPath, _ document: JSONObject) -> JSONValue? {
        var current: JSONValue = .object(document)
        for segment in path.segments {
            guard case .object(let object) = current, let next = object[segment] else { return nil }
            current = next
        }
        return current
    }

    private static func acceptsMissing(_ predicate: ValuePredicate) -> Bool {
        switch predicate {
        case .equals(.null): true
        case .oneOf(let operands): operands.contains(.null)
        default: false
        }
    }

    static func test(_ predicate: ValuePredicate, _ value: JSONValue) -> Bool {
        switch predicate {
        case .equals(let operand): return equals(operand, value)
        case .compare(let op, let operand): return order(operand, value).map { satisfies(op, $0) } ?? false
        case .oneOf(let operands): return operands.contains { equals($0, value) }
        case .between(let low, let high):
            return (order(low, value).map { satisfies(.greaterOrEqual, $0) } ?? false)
                && (order(high, value).map { satisfies(.lessOrEqual, $0) } ?? false)
        case .regex(let regex): return value.stringValue.map { (try? regex.matches($0)) ?? false } ?? false
        case .elementMatch(let condition):
            guard case .array(let elements) = value else { return false }
            return elements.contains { element(condition, $0) }
        }
    }

    private static func element(_ condition: ElementCondition, _ value: JSONValue) -> Bool {
        switch condition {
        case .query(let node): return value.objectValue.map { matches(node, $0) } ?? false
        case .value(let inner): return holds(inner, value)
        }
    }

    private static func holds(_ condition: ValueCondition, _ value: JSONValue) -> Bool {
        switch condition {
        case .all(let conditions): return conditions.allSatisfy { holds($0, value) }
        case .not(let inner): return !holds(inner, value)
        case .test(let predicate): return test(predicate, value)
        }
    }

    private static func equals(_ operand: QueryOperand, _ value: JSONValue) -> Bool {
        switch (operand, value) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return Array(left.utf8) == Array(right.utf8)
        case (.date(let date), .string(let text)):
            return QueryDate.normalize(text).map { Array($0.utf8) == Array(date.normalized.utf8) } ?? false
        case (.json(let json), _):
            guard json.arrayValue != nil ? value.arrayValue != nil : value.objectValue != nil else {
                return false
            }
            return json.serialized() == value.serialized()
        default: return false
        }
    }

    /// The stored value's order relative to the operand (-1, 0, 1) when they share a class.
    private static func order(_ operand: QueryOperand, _ value: JSONValue) -> Int? {
        switch (operand, value) {
        case (.number(let bound), .number(let number)): return number < bound ? -1 : (number == bound ? 0 : 1)
        case (.string(let bound), .string(let text)): return bytes(text, bound)
        case (.bool(let bound), .bool(let flag)): return flag == bound ? 0 : (flag ? 1 : -1)
        case (.date(let date), .string(let text)):
            return QueryDate.normalize(text).map { bytes($0, date.normalized) }
        default: return nil
        }
    }

    private static func satisfies(_ op: ComparisonOperator, _ order: Int) -> Bool {
        switch op {
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        }
    }

    static func bytes(_ left: String, _ right: String) -> Int {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        if a == b { return 0 }
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    /// True when the documents at `left` and `right` (positions used as `seq`) are in order.
    static func inOrder(_ left: (Int, JSONObject), _ right: (Int, JSONObject), keys: [SortKey]) -> Bool {
        for key in keys {
            let comparison = sortCompare(lookup(key.path, left.1), lookup(key.path, right.1))
            if comparison != 0 { return key.ascending ? comparison < 0 : comparison > 0 }
        }
        return left.0 < right.0
    }

    private static func sortCompare(_ left: JSONValue?, _ right: JSONValue?) -> Int {
        let (leftRank, rightRank) = (rank(left), rank(right))
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch (left, right) {
        case (.number(let a), .number(let b)): return a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): return bytes(a, b)
        case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.some(let a), .some(let b)) where leftRank == 3 || leftRank == 4:
            return bytes(a.serialized(), b.serialized())
        default: return 0
        }
    }

    private static func rank(_ value: JSONValue?) -> Int {
        switch value {
        case nil, .null?: 0
        case .number?: 1
        case .string?: 2
        case .object?: 3
        case .array?: 4
        case .bool?: 5
        }
    }

    /// The free-text filter: a string value anywhere (but the top-level `_id`) contains it.
    static func filterMatches(_ text: String, _ document: JSONObject) -> Bool {
        document.contains { $0.key != "_id" && containsText(text, $0.value) }
    }

    private static func containsText(_ text: String, _ value: JSONValue) -> Bool {
        switch value {
        case .string(let string): FreeTextFilter.contains(string, text)
        case .array(let elements): elements.contains { containsText(text, $0) }
        case .object(let object): object.contains { containsText(text, $0.value) }
        default: false
        }
    }
}
