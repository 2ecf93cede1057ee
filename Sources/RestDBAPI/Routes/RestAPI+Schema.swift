import DataTransfer
import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `PUT /rest/<collection>/_meta`, a restlite extension (restdb.io sets schemas in its web
    /// UI): sets the schema of a new or empty collection from the shape `GET` answers,
    /// `{"name":"a3cats","fields":[{"name":"birthDate","type":"date","required":false,
    /// "unique":false}, ...]}` (`name` optional, `count` ignored, `"fields":[]` removes the
    /// schema). Creates the collection unless the server is strict. Full-access keys only.
    /// Answers 200 with the `GET` shape; 409 when the collection holds documents, which the
    /// schema would not have checked.
    func setCollectionSchema(_ request: HTTPRequest) throws -> HTTPResponse {
        guard keys.caller(of: request).hasFullAccess else {
            throw RestError(
                .forbidden,
                "Only a full-access key may set a collection's schema; this key is scoped.")
        }
        let name = try collectionName(request)
        let schema = try Self.schema(fromMetaBody: request.body, collection: name)
        let change: DocumentStore.SchemaChange
        do {
            change = try store.setSchemaWhileEmpty(schema, for: name, create: !options.strict)
        } catch StoreError.collectionNotFound where options.strict {
            throw RestError(
                .notFound,
                "Collection '\(name)' does not exist, and this server runs with --strict, so the API "
                    + "creates no collections; import it into the data folder, or start the server without --strict."
            )
        }
        if case .refusedNotEmpty(let count) = change {
            throw RestError(
                .conflict,
                "Collection '\(name)' holds \(Phrase.count(count, "document")), which its "
                    + "schema would not have checked; a schema can be set only while a collection is new or "
                    + "empty. Delete its documents first (DELETE /rest/\(name)/*?q={}) or use a new collection."
            )
        }
        return try collectionSchema(request)
    }

    /// The schema a `_meta` body describes; nil for `"fields":[]` (no schema, as `GET` shows one).
    static func schema(fromMetaBody body: [UInt8], collection: String) throws -> CollectionSchema? {
        guard body.contains(where: { $0 > 0x20 }) else {
            throw RestError(
                .badRequest,
                #"The request has no body; send the schema as {"fields":[{"name":"birthDate","type":"date"}]}."#
            )
        }
        guard case .object(let object) = try JSON.parse(body) else {
            throw RestError(.badRequest, #"The body must be a JSON object such as {"fields":[...]}."#)
        }
        if let given = object["name"], given.stringValue != collection {
            throw RestError(
                .badRequest,
                "The body's name \(given.serialized()) differs from the URL's collection '\(collection)'; "
                    + "remove name or make them equal.")
        }
        let schema = try CollectionSchema(json: .object(object))
        return schema.fields.isEmpty ? nil : schema
    }
}
