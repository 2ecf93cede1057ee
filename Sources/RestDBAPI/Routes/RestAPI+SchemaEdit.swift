import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `POST /_restlite/collections/<collection>/schema`, restlite's route for what restdb's
    /// data manager does to the fields of a live collection: the body
    /// `{"fields":[...],"renames":{"catName":"name"},"removeValues":false,"dryRun":true}` gives
    /// the fields as they will be (the `_meta` shape), the fields renamed on the way (their
    /// values move in every document), whether removed fields' values leave the documents
    /// (default: they stay), and `dryRun` to only count what would change. Answers 200 with
    /// what it did (`DocumentStore.editSchema`): the documents whose values do not fit a new
    /// definition, per field, and the schema.
    func editCollectionSchema(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        guard let store = store as? any SchemaEditingEngine else {
            throw RestError(.init(code: 501), "This server's store cannot edit schemas.")
        }
        guard case .object(let body) = try JSON.parse(request.body) else {
            throw RestError(
                .badRequest, #"The body must be a JSON object such as {"fields":[...],"renames":{}}."#)
        }
        let fields = try CollectionSchema(json: .object(["fields": body["fields"] ?? .null])).fields
        var renames: [String: String] = [:]
        for member in body["renames"]?.objectValue ?? JSONObject() {
            guard let to = member.value.stringValue else {
                throw RestError(
                    .badRequest, #"renames maps old field names to new ones: {"catName":"name"}."#)
            }
            renames[member.key] = to
        }
        let edit = SchemaEdit(
            fields: fields, renames: renames, removeValues: body["removeValues"]?.boolValue ?? false)
        let report = try store.editSchema(edit, of: name, apply: !(body["dryRun"]?.boolValue ?? false))
        return .json(.ok, Self.json(report, collection: name, fields: fields).serialized())
    }

    static func json(_ report: SchemaEditReport, collection: String, fields: [FieldSchema]) -> JSONObject {
        let names = { (list: [String]) in JSONValue.array(list.map { .string($0) }) }
        let number = { (n: Int) in JSONValue.number(JSONNumber(n)) }
        return [
            "collection": .string(collection), "applied": .bool(report.applied),
            "documents": number(report.documents), "changedDocuments": number(report.changedDocuments),
            "added": names(report.added), "removed": names(report.removed),
            "removedValues": .bool(report.removedValues),
            "renamed": .array(
                report.renamed.map { .object(["from": .string($0.from), "to": .string($0.to)]) }),
            "retyped": .array(
                report.retyped.map {
                    .object([
                        "field": .string($0.field), "from": .string($0.from.rawValue),
                        "to": .string($0.to.rawValue),
                    ])
                }),
            "misfits": .array(
                report.misfits.map {
                    .object([
                        "field": .string($0.field), "documents": number($0.documents),
                        "message": .string($0.message),
                    ])
                }),
            "schema": .object(["fields": .array(fields.map(\.json))]),
        ]
    }
}
