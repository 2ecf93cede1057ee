import DataTransfer
import DocumentJSON
import DocumentStore
import RestDBClient

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `ImportSink` for a running server (`restlite import --url`): documents go through
/// `RestDBClient` as `POST /rest/<coll>` arrays, one batch per request, so the server keeps
/// serving while the import runs.
///
/// The server has no transaction spanning requests, so the promise is weaker than the local
/// sink's: the importer has already read and checked every row before `write` runs (a bad row
/// stops it before anything is sent), and each batch is stored all-or-nothing by the server,
/// but a batch refused midway leaves the earlier batches stored. That failure is thrown as a
/// `RemoteImportError` saying how many rows were stored and which batch and line failed.
///
/// A new collection first gets the inferred schema through restlite's `PUT /rest/<coll>/_meta`
/// (``RestDBCollection/setSchema(_:)``), so the server types and normalises its values (dates
/// as `2008-11-14T09:53:37.000Z`) exactly as a local import does; an existing collection's
/// schema is checked locally and again by the server.
///
/// ```swift
/// let client = RestDBClient(baseURL: URL(string: "http://127.0.0.1:8080")!, apiKey: key)
/// let summary = try await Importer(options: .init(collection: "a3cats"))
///     .run(path: "cats.json", into: RemoteImportSink(client: client))
/// ```
struct RemoteImportSink: ImportSink {
    /// Decodes only what the sink needs from the server's answer to a POST.
    struct StoredDocument: Codable {
        var _id: String
    }

    let client: RestDBClient

    /// The collection's schema fields from `GET /rest/<coll>/_meta`; a 404 means the
    /// collection does not exist yet.
    func existingFields(of collection: String) async throws -> [ImportField]? {
        let schema: Schema
        do {
            schema = try await documents(in: collection).schema()
        } catch let error as RestDBError where error.status == 404 {
            return nil
        }
        return schema.fields.map { ImportField(name: $0.name, type: ImportFieldType(rawValue: $0.type)) }
    }

    /// Sets the inferred schema of a new collection (which also creates it), or empties an
    /// existing one first when `plan.replace`, then posts the batches in file order.
    func write(_ batches: ImportBatches, to collection: String, plan: ImportPlan) async throws {
        guard !plan.keepIds else {
            // The restdb contract has the server assign `_id` on POST; the command refuses this.
            throw ImportError(message: "--keep-ids cannot be used with --url: the server assigns every _id")
        }
        guard !plan.recreate else {
            // Dropping a collection has no REST route; only a data folder can be reset.
            throw ImportError(message: "a running server's collection cannot be dropped and made again")
        }
        let documents = documents(in: collection)
        if let fields = plan.newSchema {
            // The server answers 409 if the collection gained documents since it was looked up.
            try await documents.setSchema(fields.map { Schema.Field(name: $0.name, type: $0.type.rawValue) })
        } else if plan.replace {
            try await deleteAll(in: documents)
        }
        var report = RemoteImportError.Report(
            collection: collection, file: batches.file, totalRows: plan.totalRows, replaced: plan.replace)
        while let batch = try nextBatch(batches, report: report) {
            report.startBatch(rows: batch.count, lines: batch.first!.line...batch.last!.line)
            do {
                let stored = try await documents.create(contentsOfJSON: Self.jsonArray(batch))
                report.storedRows += stored.count
            } catch {
                throw RemoteImportError(
                    report: report, cause: error, failedLine: Self.failedLine(error, batch))
            }
        }
    }

    /// `DELETE /rest/<coll>/*?q={}`. `Query.all` is refused by the client on purpose; the raw
    /// `{}` says "every document" explicitly.
    private func deleteAll(in documents: RestDBCollection<StoredDocument>) async throws {
        do {
            try await documents.delete(matching: .raw("{}"))
        } catch let error as RestDBError where error.status == 404 {
            return  // A new collection: nothing to delete.
        }
    }

    /// The next batch; a read error after batches were stored must still say what was stored.
    private func nextBatch(_ batches: ImportBatches, report: RemoteImportError.Report) throws
        -> [ImportRecord]?
    {
        do {
            return try batches.next()
        } catch {
            guard report.storedRows > 0 else { throw error }
            var failed = report
            failed.startBatch(rows: 0, lines: nil)
            throw RemoteImportError(report: failed, cause: error, failedLine: error.line)
        }
    }

    private func documents(in collection: String) -> RestDBCollection<StoredDocument> {
        client.collection(collection, of: StoredDocument.self)
    }

    /// The batch as a JSON array, serialized by the store's writer so field order and number
    /// literals stay as in the file.
    static func jsonArray(_ batch: [ImportRecord]) -> Data {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (position, record) in batch.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            record.document.write(to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return Data(bytes)
    }

    /// The file line of the element a validation error names ("... (element 3 of the array)").
    static func failedLine(_ error: any Error, _ batch: [ImportRecord]) -> Int? {
        guard let error = error as? RestDBError else { return nil }
        for problem in error.list {
            guard let range = problem.message.firstRange(of: "(element ") else { continue }
            let digits = problem.message[range.upperBound...].prefix { $0.isNumber }
            if let index = Int(digits), batch.indices.contains(index) { return batch[index].line }
        }
        return batch.count == 1 ? batch[0].line : nil
    }
}
