import DocumentJSON
import DocumentStore

/// Small pieces of English for the data tools' messages, so counts and articles come out
/// right: "1 row", "2 rows", "found an array".
///
/// ```swift
/// Phrase.count(1, "row")                   // "1 row"
/// Phrase.count(100, "document")            // "100 documents"
/// Phrase.kind(of: .array([]))              // "an array"
/// ```
public enum Phrase {
    /// `count` and the noun, singular for exactly one; `plural` defaults to the noun plus "s".
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }

    /// What kind of JSON value `value` is, with its article: "an object", "a string", "null".
    public static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .array, .object: "an \(value.typeName)"
        case .bool, .number, .string: "a \(value.typeName)"
        }
    }
}
