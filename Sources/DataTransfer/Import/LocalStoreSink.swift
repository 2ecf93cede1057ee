import DocumentStore

/// The `ImportSink` for a store this process holds: writes straight into its engine (a data
/// folder's `DocumentStore`, or PostgreSQL).
///
/// ```swift
/// let store = try DocumentStore(path: "data/restlite.sqlite")
/// let summary = try await Importer(options: .init(collection: "a3cats"))
///     .run(path: "seed/a3cats.json", into: LocalStoreSink(store: store))
/// ```
public struct LocalStoreSink: ImportSink {
    public let store: any DocumentEngine

    public init(store: any DocumentEngine) {
        self.store = store
    }

    public func existingFields(of collection: String) async throws -> [ImportField]? {
        guard store.collectionNames().contains(collection) else { return nil }
        let schema = try store.schema(of: collection)
        return (schema?.fields ?? []).map {
            ImportField(name: $0.name, type: ImportFieldType(rawValue: $0.type.rawValue))
        }
    }

    public func write(_ batches: ImportBatches, to collection: String, plan: ImportPlan) async throws {
        let schema = plan.newSchema.map { fields in
            CollectionSchema(
                fields: fields.compactMap { field in
                    FieldType(name: field.type.rawValue).map { FieldSchema(name: field.name, type: $0) }
                })
        }
        try store.importRecords(
            into: collection, newSchema: schema, replace: plan.replace, recreate: plan.recreate,
            keepIDs: plan.keepIds, file: batches.file
        ) { try batches.next() }
    }
}
