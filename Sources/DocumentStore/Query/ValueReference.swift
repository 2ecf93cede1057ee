/// Where a compiled test finds a value: SQL expressions for its JSON type and its SQL value.
struct ValueReference {
    /// `json_type` names: null, true, false, integer, real, text, array, object; NULL if missing.
    let type: String
    /// The SQL value: numbers, text, 0/1 for booleans, JSON text for arrays and objects.
    let value: String
    /// A table-valued source iterating the value's elements.
    let each: String

    static func field(body: String, path: FieldPath) -> ValueReference {
        let literal = path.sqlLiteral
        return ValueReference(
            type: "json_type(\(body), \(literal))", value: "json_extract(\(body), \(literal))",
            each: "json_each(\(body), \(literal))")
    }

    static func element(alias: String) -> ValueReference {
        ValueReference(type: "\(alias).type", value: "\(alias).value", each: "json_each(\(alias).value)")
    }
}

/// The system fields stored in their own columns rather than in the body.
struct SystemColumn {
    enum Kind {
        case text
        /// Milliseconds since the epoch.
        case date
        case integer
    }

    let name: String
    let kind: Kind

    init?(field: String) {
        switch field {
        case "_id": (name, kind) = ("id", .text)
        case "_created": (name, kind) = ("created", .date)
        case "_changed": (name, kind) = ("changed", .date)
        case "_createdby": (name, kind) = ("createdby", .text)
        case "_changedby": (name, kind) = ("changedby", .text)
        case "_version": (name, kind) = ("version", .integer)
        default: return nil
        }
    }
}
