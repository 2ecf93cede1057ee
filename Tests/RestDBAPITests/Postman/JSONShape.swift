import DocumentJSON
import DocumentStore

/// Compares an answer's JSON *shape* with a saved example's, the way a reader of the example
/// would rely on it: the same kind of value; an object has every key the example shows, with
/// values of the same kinds; an array's elements are shaped like the example's first one; an
/// error body (`name`, `message`, `status`) has the same `name`. Values themselves may differ
/// (ids, dates, counts change from run to run).
enum JSONShape {
    /// The first difference found, as a sentence naming its path, or nil when the shapes agree.
    static func mismatch(_ actual: JSONValue, example: JSONValue, path: String = "$") -> String? {
        guard actual.typeName == example.typeName else {
            return "\(path) is \(actual.typeName) but the example has \(example.typeName)"
        }
        switch (actual, example) {
        case (.object(let object), .object(let expected)):
            return objectMismatch(object, example: expected, path: path)
        case (.array(let elements), .array(let expected)):
            guard let first = expected.first else { return nil }
            for (index, element) in elements.enumerated() {
                if let problem = mismatch(element, example: first, path: "\(path)[\(index)]") {
                    return problem
                }
            }
            return nil
        default:
            return nil
        }
    }

    private static func objectMismatch(_ object: JSONObject, example: JSONObject, path: String) -> String? {
        if isErrorBody(example), object["name"] != example["name"] {
            return "\(path).name is \(object["name"]?.serialized() ?? "missing") "
                + "but the example has \(example["name"]?.serialized() ?? "none")"
        }
        for member in example {
            guard let value = object[member.key] else { return "\(path).\(member.key) is missing" }
            if let problem = mismatch(value, example: member.value, path: "\(path).\(member.key)") {
                return problem
            }
        }
        return nil
    }

    private static func isErrorBody(_ object: JSONObject) -> Bool {
        object["name"]?.stringValue != nil && object["message"] != nil && object["status"] != nil
    }
}
