/// Where a compiled test finds a value: SQL expressions for its JSON type and its SQL value,
/// as a dialect writes them (`SQLDialect.reference(to:)`).
public struct ValueReference: Sendable {
    /// The JSON type name (`JSONKind`), NULL if missing.
    public let type: String
    /// The SQL value: numbers, text, 0/1 for booleans, JSON text for arrays and objects.
    public let value: String
    /// A table-valued source iterating the value's elements.
    public let each: String

    public init(type: String, value: String, each: String) {
        self.type = type
        self.value = value
        self.each = each
    }

    /// A field of a stored body in SQLite's terms (the expression indexes and the store's own
    /// statements use these, so they match what queries compile to).
    static func field(body: String, path: FieldPath) -> ValueReference {
        SQLiteDialect().reference(to: .field(body: body, path: path))
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
