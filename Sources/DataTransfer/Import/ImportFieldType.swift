import DocumentJSON
import DocumentStore

/// A field type of a collection schema as the importer sees it; raw values are restdb's type
/// names (`text`, `number`, `float_number`, `date`, `bool`, `json`). Types the importer does
/// not know are kept as `.other` and never checked here (the store still validates them).
public enum ImportFieldType: Sendable, Hashable, RawRepresentable {
    case text
    case number
    case floatNumber
    case date
    case bool
    case json
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "text": self = .text
        case "number": self = .number
        case "float_number": self = .floatNumber
        case "date": self = .date
        case "bool": self = .bool
        case "json": self = .json
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .floatNumber: "float_number"
        case .date: "date"
        case .bool: "bool"
        case .json: "json"
        case .other(let name): name
        }
    }

    /// Whether `value` fits this type; null fits every type.
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (_, .null), (.json, _), (.other, _): true
        case (.text, .string), (.floatNumber, .number), (.bool, .bool): true
        case (.number, .number(let number)): number.isIntegerLiteral
        case (.date, .string(let text)): ISODate.parse(text) != nil
        default: false
        }
    }

    /// What a value of this type looks like, for error messages.
    var expectation: String {
        switch self {
        case .text: "text"
        case .number: "a whole number"
        case .floatNumber: "a number"
        case .date: "an ISO 8601 date"
        case .bool: "true or false"
        case .json, .other: "any value"
        }
    }
}

/// One field of a collection's schema: its name and type, in schema order.
public struct ImportField: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var type: ImportFieldType

    public init(name: String, type: ImportFieldType) {
        self.name = name
        self.type = type
    }

    /// `weightKg: float_number`
    public var description: String { "\(name): \(type.rawValue)" }
}
