import DocumentJSON

/// A document as an update leaves it: the new fields (for unique checks) and the new document
/// with its system fields advanced.
package struct PendingUpdate {
    /// The new fields; nil when a schemaless plain merge spliced the stored text instead
    /// (`BodyMerge`), which needs no unique checks.
    package let fields: JSONObject?
    package let document: Document

    /// Applies `applier` to `original` and validates the result against the collection's
    /// schema, all but unique fields (`DocumentStore.checkUnique`, in the transaction).
    package init(
        _ applier: UpdateApplier, to original: Document, info: CollectionInfo, actor: String, now: Int64
    )
        throws
    {
        let body: [UInt8]
        if info.schema == nil, applier.isPlainMerge {
            try StorableCheck.require(SystemFields.stripped(applier.update))
        }
        if info.schema == nil, applier.isPlainMerge,
            let merged = BodyMerge.merge(original.body, with: applier.update)
        {
            body = merged
            fields = nil
        } else {
            guard case .object(let current) = try JSON.parse(original.body) else {
                throw StoreError.badRequest("Document \(original.id) is not a JSON object in the database.")
            }
            var merged = try applier.apply(to: current)
            try DocumentStore.applySchema(to: &merged, info: info, validate: true)
            merged.setFirst(SystemFields.id, .string(original.id))
            var text: [UInt8] = []
            merged.write(to: &text)
            body = text
            fields = merged
        }
        document = Document(
            id: original.id, body: body, created: original.created,
            changed: max(now, original.changed), createdBy: original.createdBy,
            changedBy: actor, version: original.version + 1)
    }
}
