/// A document as an update leaves it: the new fields (for unique checks) and the new document
/// with its system fields advanced.
struct PendingUpdate {
    let fields: JSONObject
    let document: Document

    /// Applies `applier` to `original` and validates the result against the collection's
    /// schema, all but unique fields (`DocumentStore.checkUnique`, in the transaction).
    init(_ applier: UpdateApplier, to original: Document, info: CollectionInfo, actor: String) throws {
        guard case .object(let current) = try JSON.parse(original.body) else {
            throw StoreError.badRequest("Document \(original.id) is not a JSON object in the database.")
        }
        var fields = try applier.apply(to: current)
        try DocumentStore.applySchema(to: &fields, info: info, validate: true)
        fields.setFirst(SystemFields.id, .string(original.id))
        var body: [UInt8] = []
        fields.write(to: &body)
        self.fields = fields
        document = Document(
            id: original.id, body: body, created: original.created,
            changed: max(ISODate.nowMilliseconds(), original.changed), createdBy: original.createdBy,
            changedBy: actor, version: original.version + 1)
    }
}
