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
}

/// The system fields stored in their own columns rather than in the body.
package struct SystemColumn: Sendable {
    package enum Kind: Sendable {
        case text
        /// Milliseconds since the epoch.
        case date
        case integer
    }

    package let name: String
    package let kind: Kind

    package init?(field: String) {
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
