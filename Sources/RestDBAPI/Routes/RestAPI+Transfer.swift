import DataTransfer
import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// Documents a preview shows.
    static let previewRows = 10

    /// `POST /_restlite/import/preview?format=json|jsonl|csv` with the file as the body: reads
    /// all of it as an import would, stores nothing, and answers the format, the first rows,
    /// the count and the schema an import into a new collection would get.
    func previewImport(_ request: HTTPRequest) throws -> HTTPResponse {
        let bytes = try Self.uploadedFile(request)
        let format = try Self.importFormat(request) ?? ImportFormat.detect(bytes)
        var rows: [JSONValue] = []
        var count = 0
        var inference = SchemaInference(file: "the file")
        do {
            var reader = try ImportReader(bytes: bytes, format: format, file: "the file")
            while let record = try reader.next() {
                count += 1
                if rows.count < Self.previewRows { rows.append(.object(record.document)) }
                try inference.add(record)
            }
        } catch {
            throw RestError.badFile(error.description, line: error.line)
        }
        let object: JSONObject = [
            "format": .string(format.rawValue), "rows": .array(rows), "count": .number(JSONNumber(count)),
            "schema": .object(["fields": .array(Self.fieldSchemas(inference.fields()).map(\.json))]),
        ]
        return .json(.ok, object.serialized())
    }

    /// `POST /_restlite/import?collection=NAME&format=...&replace=false` with the file as the
    /// body: the import `restlite import` does, all or nothing. 201 with the count and schema.
    func importFile(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let name = request.queryValue("collection"), !name.isEmpty else {
            throw RestError(.badRequest, "Name the collection to import into: ?collection=a3cats.")
        }
        let bytes = try Self.uploadedFile(request)
        let options = ImportOptions(
            collection: name, format: try Self.importFormat(request),
            replace: request.queryValue("replace").map { ["true", "1", "yes"].contains($0.lowercased()) }
                ?? false)
        let imported: Int
        do {
            imported = try BlockingResult.wait {
                try await Importer(options: options).run(
                    bytes: bytes, file: "the file", into: LocalStoreSink(store: store)
                ).rows
            }
        } catch let error as ImportError {
            throw RestError.badFile(error.description + ". Nothing was changed.", line: error.line)
        }
        let object: JSONObject = [
            "collection": .string(name), "imported": .number(JSONNumber(imported)),
            "schema": .object(["fields": .array(try store.schema(of: name)?.fields.map(\.json) ?? [])]),
        ]
        return .json(.created, object.serialized())
    }

    /// `GET /_restlite/export/<collection>?format=json|jsonl|csv`: the whole collection as a file
    /// to save (`Content-Disposition: attachment`), as `restlite export` writes it. CSV text a
    /// spreadsheet would run as a formula gets a `'` in front unless `raw=true`.
    func exportFile(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let format = try Self.importFormat(request) ?? .json
        guard store.collectionNames().contains(name) else {
            throw StoreError.collectionNotFound(name, existing: store.collectionNames())
        }
        var output = MemoryOutput()
        try Exporter.export(
            collection: name, from: store, format: format,
            metafields: ListParameters.flag(request, "metafields"),
            escapeFormulas: !ListParameters.flag(request, "raw"), to: &output)
        let types: [ImportFormat: String] = [
            .json: "application/json; charset=utf-8", .jsonl: "application/x-ndjson; charset=utf-8",
            .csv: "text/csv; charset=utf-8",
        ]
        var response = HTTPResponse(status: .ok, body: output.bytes)
        response.headers.set("Content-Type", types[format] ?? "application/octet-stream")
        response.headers.set("Content-Disposition", "attachment; filename=\"\(name).\(format.rawValue)\"")
        return response
    }

    private static func uploadedFile(_ request: HTTPRequest) throws -> [UInt8] {
        guard request.body.contains(where: { $0 > 0x20 }) else {
            throw RestError(.badRequest, "The request has no body; send the file to import as the body.")
        }
        return request.body
    }

    private static func importFormat(_ request: HTTPRequest) throws -> ImportFormat? {
        guard let text = request.queryValue("format"), !text.isEmpty else { return nil }
        guard let format = ImportFormat(rawValue: text.lowercased()) else {
            throw RestError(.badRequest, "format=\(text) is not one of json, jsonl, csv.")
        }
        return format
    }

    private static func fieldSchemas(_ fields: [ImportField]) -> [FieldSchema] {
        fields.compactMap { field in
            FieldType(name: field.type.rawValue).map { FieldSchema(name: field.name, type: $0) }
        }
    }
}
