import DocumentJSON
import DocumentStore
import SocketHTTP

/// Child collections: `GET|POST /rest/<collection>/<id>/<child field>` and
/// `GET|PUT|PATCH|DELETE /rest/<collection>/<id>/<child field>/<child id>`. A child field is a
/// schema field of type `child` naming the collection its documents live in; each child carries
/// `_parent_id`, `_parent_def` and `_parent_field` (see `ParentLink`).
extension RestAPI {
    /// A child route's parent link and the collection its children live in.
    struct ChildRoute {
        var link: ParentLink
        var collection: String
    }

    /// `GET /rest/<collection>/<id>/<child>`: the parent's children, with the list parameters
    /// of any list (`q`, `h`, `filter`, `sort`, `skip`, `max`, `totals`, `metafields`, ...).
    func listChildren(_ request: HTTPRequest) throws -> HTTPResponse {
        let route = try childRoute(request)
        var find = try ListParameters.findRequest(request, collection: route.collection)
        find.query = Self.scoped(find.query, to: route.link)
        do {
            return try listResponse(find, request)
        } catch StoreError.collectionNotFound(let name, _) where name == route.collection {
            // No child was ever stored, so the child collection is not there yet: no children.
            let pagination = Pagination(total: 0, count: 0, skip: find.skip, max: find.max)
            let wrapped = ListParameters.flag(request, "totals")
            var response = HTTPResponse.json(
                .ok, wrapped ? #"{"data":[],"totals":\#(pagination.json)}"# : "[]")
            pagination.write(to: &response)
            return response
        }
    }

    /// `POST /rest/<collection>/<id>/<child>`: stores one child (an object) or several (an
    /// array, all or none) with their link fields set; answers 201 like any POST.
    func createChildren(_ request: HTTPRequest) throws -> HTTPResponse {
        let route = try childRoute(request)
        let writeOptions = WriteOptions(
            actor: "api", createCollection: !options.strict,
            validate: !isFalse(request.queryValue("validate")))
        let value = try RequestBody.value(of: request, schema: try? store.schema(of: route.collection))
        return try created(value, in: route.collection) { objects, _ in
            do {
                return try store.insertChildren(
                    objects, of: route.link, into: route.collection, options: writeOptions)
            } catch StoreError.documentNotFound(let id) where id == route.link.id {
                throw Self.parentNotFound(route.link)
            }
        }
    }

    /// `GET /rest/<collection>/<id>/<child>/<child id>`: one child of this parent.
    func getChild(_ request: HTTPRequest) throws -> HTTPResponse {
        let route = try childRoute(request)
        let document = try child(request, route)
        var body: [UInt8] = []
        document.renderJSON(metafields: ListParameters.flag(request, "metafields"), into: &body)
        return .json(.ok, body)
    }

    /// `PUT`/`PATCH /rest/<collection>/<id>/<child>/<child id>`: updates one child of this parent
    /// like any document; its link fields stay as they are.
    func updateChild(_ request: HTTPRequest) throws -> HTTPResponse {
        let route = try childRoute(request)
        let document = try child(request, route)
        let changes = try RequestBody.object(of: request, schema: try? store.schema(of: route.collection))
        var body: [UInt8] = []
        try store.update(document.id, in: route.collection, with: Self.withoutLinkFields(changes))
            .renderJSON(metafields: true, into: &body)
        emitDocument("put", route.collection, body)
        return .json(.ok, body)
    }

    /// `DELETE /rest/<collection>/<id>/<child>/<child id>`: deletes one child of this parent (and
    /// its own children); answers `{"result":[id]}`.
    func deleteChild(_ request: HTTPRequest) throws -> HTTPResponse {
        let route = try childRoute(request)
        let id = request.pathParameters["childId"] ?? ""
        var query = route.link.fields
        query["_id"] = .string(id)
        let deleted = try store.delete(matching: .object(query), from: route.collection)
        guard !deleted.isEmpty else { throw Self.childNotFound(id, route) }
        emitDeleted(route.collection, deleted)
        return Self.result(deleted)
    }

    // MARK: Parents and their child fields

    /// The parent collection's child field named in the path, checked to exist, and the parent
    /// document checked to exist: 404 for either, with what to do.
    func childRoute(_ request: HTTPRequest) throws -> ChildRoute {
        let parent = try collectionName(request)
        let id = documentID(request)
        let name = request.pathParameters["child"] ?? ""
        guard let field = try store.schema(of: parent)?.field(named: name), field.type == .child,
            let collection = field.collection
        else {
            throw RestError(
                .notFound,
                "Collection '\(parent)' has no child field '\(name)'; a child collection is a schema field "
                    + #"such as {"name":"\#(name)","type":"child","collection":"\#(parent)-\#(name)"}"#
                    + " (PUT /rest/\(parent)/_meta), or check the name in GET /rest/\(parent)/_meta.")
        }
        let link = ParentLink(collection: parent, id: id, field: name)
        do {
            _ = try store.document(id, in: parent)
        } catch StoreError.documentNotFound {
            throw Self.parentNotFound(link)
        }
        return ChildRoute(link: link, collection: collection)
    }

    /// The parent schema's child fields when the request asks for `fetchchildren=true`.
    func fetchedChildFields(_ request: HTTPRequest, of collection: String) throws -> [FieldSchema] {
        guard ListParameters.flag(request, "fetchchildren") else { return [] }
        return try store.schema(of: collection)?.childFields ?? []
    }

    /// `documents` as objects, each with its children (`_id` order) under every field of
    /// `fields`; one indexed find per child field for the whole page.
    func withChildren(_ documents: [Document], of collection: String, fields: [FieldSchema], metafields: Bool)
        throws -> [JSONObject]
    {
        var objects = documents.map { $0.object(metafields: metafields) }
        guard !documents.isEmpty else { return objects }
        let ids = documents.map { JSONValue.string($0.id) }
        for field in fields {
            guard let childCollection = field.collection else { continue }
            let byParent = try children(
                of: ids, collection: collection, field: field.name, in: childCollection,
                metafields: metafields)
            for index in objects.indices {
                objects[index][field.name] = .array(byParent[documents[index].id] ?? [])
            }
        }
        return objects
    }

    /// Most children embedded under one parent field of one page.
    static let embeddedChildrenLimit = 100_000

    private func children(
        of ids: [JSONValue], collection: String, field: String, in childCollection: String, metafields: Bool
    ) throws -> [String: [JSONValue]] {
        let query: JSONObject = [
            ParentLink.idKey: .object(["$in": .array(ids)]), ParentLink.collectionKey: .string(collection),
            ParentLink.fieldKey: .string(field),
        ]
        let result: FindResult
        do {
            result = try store.find(
                FindRequest(
                    collection: childCollection, query: .object(query), max: Self.embeddedChildrenLimit))
        } catch StoreError.collectionNotFound {
            return [:]
        }
        var byParent: [String: [JSONValue]] = [:]
        for document in result.documents {
            let object = document.object(metafields: metafields)
            guard let parent = object[ParentLink.idKey]?.stringValue else { continue }
            byParent[parent, default: []].append(.object(object))
        }
        return byParent
    }

    // MARK: Helpers

    /// The child named in the path, if it belongs to the route's parent; 404 otherwise.
    private func child(_ request: HTTPRequest, _ route: ChildRoute) throws -> Document {
        let id = request.pathParameters["childId"] ?? ""
        let document: Document
        do {
            document = try store.document(id, in: route.collection)
        } catch StoreError.documentNotFound, StoreError.collectionNotFound {
            throw Self.childNotFound(id, route)
        }
        guard route.link.isParent(of: document.object()) else { throw Self.childNotFound(id, route) }
        return document
    }

    /// `q` narrowed to the parent's children: the link alone, or `{"$and":[link, q]}`.
    static func scoped(_ query: JSONValue?, to link: ParentLink) -> JSONValue {
        guard let query, query != .object([:]) else { return link.query }
        return .object(["$and": .array([link.query, query])])
    }

    /// An update without the link fields, at the top level and inside update operators.
    static func withoutLinkFields(_ changes: JSONObject) -> JSONObject {
        JSONObject(
            changes.lazy.filter { !ParentLink.keys.contains($0.key) }.map { member in
                guard member.key.hasPrefix("$"), case .object(let fields) = member.value else {
                    return (member.key, member.value)
                }
                let kept = fields.lazy.filter { !ParentLink.keys.contains($0.key) }.map { ($0.key, $0.value) }
                return (member.key, .object(JSONObject(kept)))
            })
    }

    private static func parentNotFound(_ link: ParentLink) -> RestError {
        RestError(
            .notFound,
            "No document with _id '\(link.id)' in '\(link.collection)', so it has no \(link.field); check the parent's id."
        )
    }

    private static func childNotFound(_ id: String, _ route: ChildRoute) -> RestError {
        RestError(
            .notFound,
            "No child '\(id)' under /\(route.link.collection)/\(route.link.id)/\(route.link.field); "
                + "list them with GET /rest/\(route.link.collection)/\(route.link.id)/\(route.link.field).")
    }
}
