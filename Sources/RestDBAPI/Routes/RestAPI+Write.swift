import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `POST /rest/<collection>`: one object is stored and returned; an array is stored whole
    /// or not at all and returned as an array. Answers 201 with the system fields.
    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let writeOptions = WriteOptions(
            actor: "api", createCollection: !options.strict,
            validate: !isFalse(request.queryValue("validate")))
        let value = try RequestBody.value(of: request, schema: try? store.schema(of: name))
        return try created(value, in: name) { objects, single in
            single
                ? [try store.insert(objects[0], into: name, options: writeOptions)]
                : try store.insertMany(objects, into: name, options: writeOptions)
        }
    }

    /// A POST answer: 201 with the one document stored from an object, or the array stored
    /// from an array (`insert` stores them, all or none; `single` when the body was one object).
    /// Each stored document is a realtime `post` event of `collection`.
    func created(
        _ value: JSONValue, in collection: String, insert: ([JSONObject], _ single: Bool) throws -> [Document]
    ) throws -> HTTPResponse {
        var body: [UInt8] = []
        switch value {
        case .object(let object):
            try insert([object], true)[0].renderJSON(metafields: true, into: &body)
            emitDocument("post", collection, body)
        case .array(let elements):
            let objects = try elements.enumerated().map { position, element in
                guard case .object(let object) = element else {
                    throw RestError(
                        .badRequest,
                        "Element \(position) of the array is not a JSON object; send objects only.")
                }
                return object
            }
            body.append(UInt8(ascii: "["))
            for (position, document) in try insert(objects, false).enumerated() {
                if position > 0 { body.append(UInt8(ascii: ",")) }
                var one: [UInt8] = []
                document.renderJSON(metafields: true, into: &one)
                body.append(contentsOf: one)
                emitDocument("post", collection, one)
            }
            body.append(UInt8(ascii: "]"))
        default:
            throw RestError(.badRequest, "The body must be a JSON object, or an array of objects.")
        }
        return .json(.created, body)
    }

    /// `PUT`/`PATCH /rest/<collection>/<id>`: merge or update operators; answers the whole
    /// document. `PUT /rest/<collection>/*?q=...` updates every match (full-access keys only).
    func update(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let changes = try RequestBody.object(of: request, schema: try? store.schema(of: name))
        let id = documentID(request)
        if id == "*" {
            try requireFullAccess(request, for: "update every match of a query")
            guard let query = try ListParameters.json(request, "q") else {
                throw RestError(
                    .badRequest,
                    "PUT /rest/\(name)/* needs a q parameter that selects the documents.")
            }
            let ids = try store.updateMany(in: name, matching: query, with: changes)
            emitUpdated(name, ids)
            return Self.result(ids)
        }
        var body: [UInt8] = []
        try updateOne(id, in: name, with: changes, request: request).renderJSON(
            metafields: true, into: &body)
        emitDocument("put", name, body)
        return .json(.ok, body)
    }

    /// `DELETE /rest/<collection>/<id>`, or `/*` with a JSON array of ids in the body, or
    /// `/*?q=...` for every match (full-access keys only). Answers `{"result":[ids]}`.
    func delete(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let id = documentID(request)
        guard id == "*" else { return deleted(name, [try store.delete(id, from: name)]) }
        if let query = try ListParameters.json(request, "q") {
            try requireFullAccess(request, for: "delete every match of a query")
            return deleted(name, try store.delete(matching: query, from: name))
        }
        let body = request.body.contains { $0 > 0x20 } ? try RequestBody.value(of: request, schema: nil) : nil
        guard case .array(let items) = body else {
            throw RestError(
                .badRequest,
                "DELETE /rest/\(name)/* needs a JSON array of ids in the body, or a q parameter.")
        }
        let ids = try items.map { item in
            guard let id = item.stringValue else {
                throw RestError(
                    .badRequest, "The body must be an array of id strings, such as [\"5f1e...\"].")
            }
            return id
        }
        return deleted(name, try store.delete(ids: ids, from: name))
    }

    private func deleted(_ name: String, _ ids: [String]) -> HTTPResponse {
        emitDeleted(name, ids)
        return Self.result(ids)
    }

    /// One `put` per document a `PUT /*?q=` changed, each with the document as it now is.
    private func emitUpdated(_ name: String, _ ids: [String]) {
        for id in ids {
            guard let document = try? store.document(id, in: name) else { continue }
            var one: [UInt8] = []
            document.renderJSON(metafields: true, into: &one)
            emitDocument("put", name, one)
        }
    }

    static func result(_ ids: [String]) -> HTTPResponse {
        let object: JSONObject = ["result": .array(ids.map(JSONValue.string))]
        return .json(.ok, object.serialized())
    }

    func requireFullAccess(_ request: HTTPRequest, for action: String) throws {
        guard keys.caller(of: request).hasFullAccess else {
            throw RestError(.forbidden, "Only a full-access key may \(action); this key is scoped.")
        }
    }

    func isFalse(_ value: String?) -> Bool {
        guard let value = value?.lowercased() else { return false }
        return value == "false" || value == "0" || value == "no"
    }
}
