import DocumentQuery

extension DocumentStore {
    /// Applies (or with `apply: false` only measures) a change to the schema of a collection
    /// that may hold documents, as restdb's data manager edits the fields of a live collection:
    /// fields added, renamed (their values move to the new name in every document), removed
    /// (their values stay in the documents unless `removeValues`), retyped or made required or
    /// unique. Values that do not fit a field's new type stay as they are; the report counts
    /// them per field, so a client can say so before applying. Values that fit a new `date`
    /// type are normalised (`2015-11-08T08:58:51.000Z`). Documents whose text changes get a
    /// new `_version` and `_changed`. All in one write transaction.
    ///
    /// ```swift
    /// var fields = try store.schema(of: "a3cats")!.fields
    /// fields[0].name = "name"  // was catName
    /// let report = try store.editSchema(
    ///     SchemaEdit(fields: fields, renames: ["catName": "name"]), of: "a3cats", apply: false)
    /// report.misfits  // [] : every document fits
    /// ```
    public func editSchema(_ edit: SchemaEdit, of name: String, apply: Bool) throws -> SchemaEditReport {
        let info = try collection(name)
        let old = info.schema?.fields ?? []
        var plan = try SchemaEditPlan(old: old, edit: edit)
        if !apply {
            try pool.read { connection in try plan.measure(info: info, connection, write: nil) }
            return plan.report(applied: false)
        }
        let now = clock.nowMilliseconds()
        try writeCatalog { connection in
            try plan.measure(info: info, connection) { id, body, version in
                try connection.run(
                    "UPDATE \(info.table) SET body = ?, changed = max(changed, ?), version = ? WHERE id = ?",
                    [
                        .text(String(decoding: body, as: UTF8.self)), .integer(now), .integer(version),
                        .text(id),
                    ])
            }
            let schema = edit.fields.isEmpty ? nil : CollectionSchema(fields: edit.fields)
            try writeSchema(schema, collectionID: info.id, connection)
        }
        return plan.report(applied: true)
    }
}

/// A schema change for `DocumentStore.editSchema`: the fields as they will be, the fields
/// renamed on the way (old name to new name), and whether removed fields' values leave the
/// documents.
public struct SchemaEdit: Sendable, Hashable {
    public var fields: [FieldSchema]
    public var renames: [String: String]
    public var removeValues: Bool

    public init(fields: [FieldSchema], renames: [String: String] = [:], removeValues: Bool = false) {
        self.fields = fields
        self.renames = renames
        self.removeValues = removeValues
    }
}

/// What a schema change does, or would do, to a collection's documents.
public struct SchemaEditReport: Sendable, Hashable {
    /// Documents holding a value of `field` that its new definition refuses (`message`:
    /// "must be a whole number", "is required", "is not unique (another document has the same value)").
    public struct Misfit: Sendable, Hashable {
        public var field: String
        public var documents: Int
        public var message: String
    }

    /// A field renamed from `from` to `to`.
    public struct Rename: Sendable, Hashable {
        public var from: String
        public var to: String
    }

    /// A field whose type changes.
    public struct Retype: Sendable, Hashable {
        public var field: String
        public var from: FieldType
        public var to: FieldType
    }

    public var documents: Int
    public var added: [String]
    public var removed: [String]
    public var renamed: [Rename]
    public var retyped: [Retype]
    public var misfits: [Misfit]
    /// Documents whose stored text changes (renamed or removed values, normalised dates).
    public var changedDocuments: Int
    /// Whether removed fields' values leave the documents.
    public var removedValues: Bool
    public var applied: Bool
}
