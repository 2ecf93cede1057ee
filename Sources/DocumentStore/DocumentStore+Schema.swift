import DocumentQuery

extension DocumentStore {
    /// What `setSchemaWhileEmpty` did.
    public enum SchemaChange: Sendable, Equatable {
        /// The schema is set; `createdCollection` when the collection was made for it.
        case set(createdCollection: Bool)
        /// Nothing changed: the collection holds documents, which the schema never checked.
        case refusedNotEmpty(documentCount: Int)
    }

    /// Sets (or with `nil` removes) the schema of a collection that is new or empty, in one
    /// write transaction, so no document can slip in between the check and the change: a
    /// schema then describes every document the collection will hold, and date fields are
    /// normalised from the first write. A collection holding documents is left alone
    /// (`.refusedNotEmpty`). A missing collection is created when `create` is true, else
    /// `collectionNotFound` is thrown. System fields (`_id`, `_created`, ...) cannot be typed.
    ///
    /// ```swift
    /// let schema = CollectionSchema(fields: [FieldSchema(name: "birthDate", type: .date)])
    /// try store.setSchemaWhileEmpty(schema, for: "a3cats", create: true)  // .set(createdCollection: true)
    /// ```
    @discardableResult
    public func setSchemaWhileEmpty(_ schema: CollectionSchema?, for name: String, create: Bool) throws
        -> SchemaChange
    {
        try CollectionName.validate(name)
        if let system = schema?.fields.first(where: { SystemFields.owns($0.name) }) {
            throw StoreError.badRequest(
                "'\(system.name)' is a system field, which the store writes itself; leave it out of the schema."
            )
        }
        return try writeCatalog { connection in
            guard let info = try? collection(name) else {
                guard create else { throw StoreError.collectionNotFound(name, existing: collectionNames()) }
                try insertCollection(name, schema: schema, connection)
                return .set(createdCollection: true)
            }
            if case .integer(let count) = try connection.scalar("SELECT count(*) FROM \(info.table)"),
                count > 0
            {
                return .refusedNotEmpty(documentCount: Int(count))
            }
            try writeSchema(schema, collectionID: info.id, connection)
            return .set(createdCollection: false)
        }
    }
}
