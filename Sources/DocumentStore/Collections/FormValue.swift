import DocumentJSON

/// Turns a form field's text into JSON: by the schema's type when the field has one, else by
/// the import rules (integer, decimal, `true`/`false`, empty is null, anything else text).
///
/// ```swift
/// FormValue.convert("7", type: nil)        // 7
/// FormValue.convert("7", type: .text)      // "7"
/// FormValue.convert("", type: .number)     // null
/// ```
public enum FormValue {
    public static func convert(_ text: String, type: FieldType?) -> JSONValue {
        if text.isEmpty, type != .text { return .null }
        switch type {
        case .text, .date: return .string(text)
        case .number, .floatNumber: return number(text).map(JSONValue.number) ?? .string(text)
        case .bool: return boolean(text) ?? .string(text)
        case .json, .child: return (try? JSON.parse(text)) ?? .string(text)
        case .image, .file:
            if let list = try? JSON.parse(text), list.arrayValue != nil { return list }
            return .array([.string(text)])
        case nil: return number(text).map(JSONValue.number) ?? boolean(text) ?? .string(text)
        }
    }

    private static func number(_ text: String) -> JSONNumber? {
        JSONNumber(text: text)
    }

    private static func boolean(_ text: String) -> JSONValue? {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        default: return nil
        }
    }
}
