import DocumentJSON
import DocumentStore
import SocketHTTP

extension RestAPI {
    /// `GET /rest/<collection>`: a bare array, or `{"data":[...],"totals":{...}}` with
    /// `totals=true`; the totals object always travels in `X-Pagination`.
    /// With `fetchchildren=true` each document carries its children under each child field.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let find = try ListParameters.findRequest(request, collection: name)
        return try listResponse(
            find, request, embedding: try fetchedChildFields(request, of: name),
            linking: try mediaLinks(request, of: name))
    }

    /// A list answer for `find`: the page, its `X-Pagination` and the `totals` wrapping; the
    /// documents carry the children of `embedding` (the parent's child fields).
    func listResponse(
        _ find: FindRequest, _ request: HTTPRequest, embedding: [FieldSchema] = [], linking: MediaLinks? = nil
    ) throws
        -> HTTPResponse
    {
        let wrapped = ListParameters.flag(request, "totals")
        var body: [UInt8] = []
        // Stored cats are ~250 bytes with their metafields; a too-small guess just grows.
        body.reserveCapacity(64 + Swift.min(Swift.max(find.max, 0), 1_000) * 256)
        if wrapped { body.append(contentsOf: #"{"data":"#.utf8) }
        let pagination: Pagination
        if embedding.isEmpty, linking == nil, let page = try store.appendPageJSON(find, into: &body) {
            // A plain page (no projection, no grouping): rows went straight into `body`.
            pagination = Pagination(page)
        } else {
            let result = try store.find(find)
            if (embedding.isEmpty && linking == nil) || result.groups != nil {
                result.renderJSONArray(metafields: find.metafields, into: &body)
            } else {
                var objects = try withChildren(
                    result.documents, of: find.collection, fields: embedding, metafields: find.metafields)
                if let linking { objects = objects.map(linking.apply) }
                JSONValue.array(objects.map(JSONValue.object)).write(to: &body)
            }
            pagination = Pagination(result)
        }
        if wrapped {
            body.append(contentsOf: #","totals":"#.utf8)
            body.append(contentsOf: pagination.json.utf8)
            body.append(UInt8(ascii: "}"))
        }
        var response = HTTPResponse.json(.ok, body)
        pagination.write(to: &response)
        return response
    }

    /// `GET /rest/<collection>/<id>`: the document as a bare object (with its children under
    /// each child field with `fetchchildren=true`).
    func getOne(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let document = try store.document(documentID(request), in: name)
        let metafields = ListParameters.flag(request, "metafields")
        let fields = try fetchedChildFields(request, of: name)
        let linking = try mediaLinks(request, of: name)
        guard fields.isEmpty, linking == nil else {
            var object = try withChildren([document], of: name, fields: fields, metafields: metafields)[0]
            if let linking { object = linking.apply(to: object) }
            return .json(.ok, object.serialized())
        }
        var body: [UInt8] = []
        document.renderJSON(metafields: metafields, into: &body)
        return .json(.ok, body)
    }

    /// `GET /rest/_meta`: `{"collections":[{"name":"a3cats","count":100}, ...]}`.
    func listCollections() throws -> HTTPResponse {
        let collections = try store.listCollections().map { summary -> JSONValue in
            .object(["name": .string(summary.name), "count": .number(JSONNumber(summary.count))])
        }
        return .json(.ok, JSONValue.object(["collections": .array(collections)]).serialized())
    }

    /// `GET /rest/<collection>/_meta`: `{"name":"a3cats","fields":[{"name":...,"type":...}, ...]}`.
    func collectionSchema(_ request: HTTPRequest) throws -> HTTPResponse {
        let name = try collectionName(request)
        let schema = try store.schema(of: name)
        let count = try store.count(in: name)
        let object: JSONObject = [
            "name": .string(name), "count": .number(JSONNumber(count)),
            "fields": .array(schema?.fields.map(\.json) ?? []),
        ]
        return .json(.ok, object.serialized())
    }

    func collectionName(_ request: HTTPRequest) throws -> String {
        guard let name = request.pathParameters["collection"], !name.isEmpty else {
            throw RestError(.badRequest, "The path needs a collection name, as in /rest/a3cats.")
        }
        // `%2F` decodes to a slash inside one segment; no collection name holds one.
        guard !name.contains("/") else {
            throw RestError(
                .badRequest,
                "A collection name cannot contain '/' (sent as %2F); use /rest/<collection>/<id>.")
        }
        return name
    }

    func documentID(_ request: HTTPRequest) -> String {
        request.pathParameters["id"] ?? ""
    }
}
