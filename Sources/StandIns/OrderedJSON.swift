/// A JSON value whose objects keep their keys in the order given, written compactly.
/// Integers are written as integers; a `double` always has a fraction or exponent (`588.0`).
indirect enum OrderedJSON: Sendable, Equatable {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

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
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(",") }
                Self.writeString(member.0, into: &out)
                out.append(":")
                member.1.write(into: &out)
            }
            out.append("}")
        case .array(let items):
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                item.write(into: &out)
            }
            out.append("]")
        case .string(let value):
            Self.writeString(value, into: &out)
        case .int(let value):
            out.append(String(value))
        case .double(let value):
            out.append(value.isFinite ? String(value) : "null")
        case .bool(let value):
            out.append(value ? "true" : "false")
        case .null:
            out.append("null")
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    static func writeString(_ value: String, into out: inout String) {
        // Most strings need no escape: copied whole rather than scalar by scalar.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out.append("\"")
            out.append(value)
            out.append("\"")
            return
        }
        out.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case "\u{08}": out.append("\\b")
            case "\u{0C}": out.append("\\f")
            default:
                if scalar.value < 0x20 {
                    out.append("\\u00")
                    out.append(hexDigits[Int(scalar.value >> 4)])
                    out.append(hexDigits[Int(scalar.value & 0xF)])
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }
}
