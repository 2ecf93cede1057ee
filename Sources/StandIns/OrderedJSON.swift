import DocumentJSON

/// A JSON value whose objects keep their keys in the order given, written compactly; strings
/// are escaped by `DocumentJSON`'s one escaper.
/// Integers are written as integers; a `double` always has a fraction or exponent (`588.0`).
indirect enum OrderedJSON: Sendable, Equatable {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    /// JSON text written before (a prewritten food), copied as it is.
    case raw(String)

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        lhs.text == rhs.text
    }

    /// The compact JSON text (no spaces), non-ASCII written as UTF-8.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The compact JSON text as UTF-8 bytes.
    var bytes: [UInt8] { Array(text.utf8) }

    func write(into out: inout String) {
        switch self {
        case .object(let members):
            out.append("{")
            Self.write(members: members, into: &out)
            out.append("}")
        case .array(let items):
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                item.write(into: &out)
            }
            out.append("]")
        case .string(let value):
            JSONValue.writeString(value, to: &out)
        case .int(let value):
            out.append(String(value))
        case .double(let value):
            out.append(value.isFinite ? String(value) : "null")
        case .bool(let value):
            out.append(value ? "true" : "false")
        case .null:
            out.append("null")
        case .raw(let text):
            out.append(text)
        }
    }

    /// An object's members without its braces (`"a":1,"b":2`), for writing an object in pieces.
    static func write(members: [(String, OrderedJSON)], into out: inout String) {
        for (index, member) in members.enumerated() {
            if index > 0 { out.append(",") }
            JSONValue.writeString(member.0, to: &out)
            out.append(":")
            member.1.write(into: &out)
        }
    }
}
