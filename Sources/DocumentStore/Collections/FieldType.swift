/// The type of a schema field. Raw values are the canonical names used in stored schemas and
/// in `_meta` answers.
public enum FieldType: String, Sendable, Hashable, CaseIterable {
    case text
    /// A whole number.
    case number
    case floatNumber = "float_number"
    /// A point in time, stored as `YYYY-MM-DDTHH:MM:SS.sssZ`.
    case date
    case bool
    /// Anything JSON: objects, arrays, mixed.
    case json
    /// A child collection: no value in the document itself; its documents live in the
    /// collection the field names (`FieldSchema.collection`) and point back with `_parent_id`.
    case child

    /// The type for a canonical name or one of restdb's other field types, mapped to the
    /// nearest (`datetime` -> date, `email` -> text, `money` -> float_number, ...).
    public init?(name: String) {
        let lowered = name.lowercased()
        if let exact = FieldType(rawValue: lowered) {
            self = exact
            return
        }
        guard let alias = FieldType.aliases[lowered] else { return nil }
        self = alias
    }

    private static let aliases: [String: FieldType] = [
        "datetime": .date, "date-time": .date, "time": .date, "timestamp": .date,
        "string": .text, "email": .text, "url": .text, "link": .text, "richtext": .text,
        "textarea": .text, "password": .text, "phone": .text, "image": .text, "file": .text,
        "location": .text, "tags": .text, "option": .text, "select": .text, "color": .text,
        "integer": .number, "int": .number, "autoincrement": .number, "sequence": .number,
        "float": .floatNumber, "double": .floatNumber, "decimal": .floatNumber,
        "money": .floatNumber, "floatnumber": .floatNumber, "float-number": .floatNumber,
        "boolean": .bool, "checkbox": .bool,
        "object": .json, "array": .json, "any": .json, "mixed": .json,
    ]
}
