import DocumentQuery

extension ValueReference {
    /// A field of a stored body in SQLite's terms (the expression indexes and the store's own
    /// statements use these, so they match what queries compile to).
    static func field(body: String, path: FieldPath) -> ValueReference {
        SQLiteDialect().reference(to: .field(body: body, path: path))
    }
}
