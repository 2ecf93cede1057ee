import DocumentJSON

/// `$fields`: include only some fields (`{"name":1}`) or leave some out (`{"photo":0}`).
/// `_id` is always included unless explicitly `0`; mixing 1s and 0s (other than `_id`) is an
/// error, as in MongoDB.
public enum FieldSelection: Sendable, Hashable {
    case include([FieldPath], includeID: Bool)
    case exclude([FieldPath])

    static func parse(_ value: JSONValue) throws(QueryError) -> FieldSelection {
        guard case .object(let object) = value else {
            throw QueryError(
                .badHint, "`$fields` needs an object such as {\"name\":1}, got \(value.typePhrase)")
        }
        var included: [FieldPath] = []
        var excluded: [FieldPath] = []
        var includeID = true
        for member in object {
            let flag = try Self.flag(member.key, member.value)
            if member.key == "_id" {
                includeID = flag
            } else if flag {
                included.append(try FieldPath(member.key))
            } else {
                excluded.append(try FieldPath(member.key))
            }
        }
        guard included.isEmpty || excluded.isEmpty else {
            throw QueryError(.badHint, "`$fields` mixes included (1) and excluded (0) fields; use one kind")
        }
        if !included.isEmpty { return .include(included, includeID: includeID) }
        return .exclude(excluded + (includeID ? [] : [try FieldPath("_id")]))
    }

    private static func flag(_ key: String, _ value: JSONValue) throws(QueryError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let number) where number.doubleValue == 0 || number.doubleValue == 1:
            return number.doubleValue == 1
        default: throw QueryError(.badHint, "`$fields` needs 1 or 0 for `\(key)`")
        }
    }

    /// The document with the selection applied; kept fields keep their order.
    public func apply(to document: JSONObject) -> JSONObject {
        switch self {
        case .include(let paths, let includeID):
            var result = JSONObject()
            for member in document {
                if member.key == "_id" {
                    if includeID { result[member.key] = member.value }
                    continue
                }
                let wanted = paths.filter { $0.segments[0] == member.key }.map {
                    Array($0.segments.dropFirst())
                }
                if let kept = Self.keep(member.value, wanted) { result[member.key] = kept }
            }
            return result
        case .exclude(let paths):
            var result = document
            for path in paths { Self.remove(path.segments[...], from: &result) }
            return result
        }
    }

    /// Keeps the parts of `value` named by the remaining segments; an empty list keeps it all.
    private static func keep(_ value: JSONValue, _ remainders: [[String]]) -> JSONValue? {
        if remainders.isEmpty { return nil }
        if remainders.contains(where: \.isEmpty) { return value }
        guard case .object(let object) = value else { return nil }
        var result = JSONObject()
        for member in object {
            let wanted = remainders.filter { $0[0] == member.key }.map { Array($0.dropFirst()) }
            if let kept = keep(member.value, wanted) { result[member.key] = kept }
        }
        return .object(result)
    }

    private static func remove(_ segments: ArraySlice<String>, from object: inout JSONObject) {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            object.removeValue(forKey: first)
        } else if case .object(var inner) = object[first] {
            remove(segments.dropFirst(), from: &inner)
            object[first] = .object(inner)
        }
    }
}
