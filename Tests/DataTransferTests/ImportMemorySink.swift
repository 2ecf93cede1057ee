import DocumentJSON
import DocumentStore

@testable import DataTransfer

/// An `ImportSink` kept in memory with the same all-or-nothing rule as the store, so the
/// importer's logic can be tested without SQLite.
final class ImportMemorySink: ImportSink {
    struct Collection {
        var fields: [ImportField]
        var documents: [JSONObject]
    }

    var collections: [String: Collection] = [:]
    private var nextId = 0

    func existingFields(of collection: String) async throws -> [ImportField]? {
        collections[collection]?.fields
    }

    func write(_ batches: ImportBatches, to collection: String, plan: ImportPlan) async throws {
        var target = collections[collection] ?? Collection(fields: plan.newSchema ?? [], documents: [])
        if plan.replace { target.documents = [] }
        while let batch = try batches.next() {
            for var document in batch.map(\.document) {
                if document["_id"] == nil {
                    nextId += 1
                    document.setFirst("_id", .string("id\(nextId)"))
                }
                target.documents.append(document)
            }
        }
        collections[collection] = target  // only now: a failure above leaves the old state
    }
}
