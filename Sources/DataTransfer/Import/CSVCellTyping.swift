import DocumentJSON
import DocumentStore

/// Turns one CSV cell into a JSON value. A field the collection's schema types is converted to
/// that type; any other cell follows the import's rules: an integer or decimal becomes a number,
/// `true`/`false` a boolean, an empty unquoted cell null, anything else text. A quoted cell is
/// always text there (`""` is the empty string, `"123"` the text 123): that is how `export`
/// writes text that looks like a number, and Mockaroo quotes only cells holding commas,
/// quotes or line breaks, which are text anyway. A cell export escaped against formula
/// injection (`'` then `=`, `+`, `-`, `@`, tab or carriage return; `CSVFormulaEscape`) is the
/// text after the `'`. The unquoted rules also type form fields sent to the API (which undo
/// no escape).
///
/// ```swift
/// CSVCellTyping.value(of: "2.56")  // .number(2.56)
/// CSVCellTyping.value(of: "")      // .null
/// ```
public enum CSVCellTyping {
    /// A cell's value by the import's rules alone.
    public static func value(of text: String) -> JSONValue {
        if text.isEmpty { return .null }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if let number = JSONNumber(text: text) { return .number(number) }
        return .string(text)
    }

    /// A cell's value by its declared type when the schema gives one (unknown types and
    /// `text` keep the text as it is), else by the import's rules.
    public static func value(of text: String, declared: ImportFieldType?) throws(ImportError) -> JSONValue {
        guard let declared else { return value(of: text) }
        if text.isEmpty { return .null }
        switch declared {
        case .number, .floatNumber:
            guard let number = JSONNumber(text: text) else {
                throw ImportError(message: "expected a number (\(declared.rawValue)), found \"\(text)\"")
            }
            return .number(number)
        case .bool:
            guard let flag = Bool(text.lowercased()) else {
                throw ImportError(message: "expected true or false, found \"\(text)\"")
            }
            return .bool(flag)
        case .json:
            return (try? JSON.parse(text)) ?? .string(text)
        case .text, .date, .other:
            return .string(text)
        }
    }

    /// A cell export escaped (`'=...`, see `CSVFormulaEscape`) is the text after the `'`, typed
    /// by the schema when it types the field, else text.
    static func value(of cell: CSVReader.Cell, declared: ImportFieldType?) throws(ImportError) -> JSONValue {
        if let original = CSVFormulaEscape.unescaped(cell.text) {
            return declared == nil ? .string(original) : try value(of: original, declared: declared)
        }
        if cell.quoted, cell.text.isEmpty || declared == nil { return .string(cell.text) }
        return try value(of: cell.text, declared: declared)
    }
}
