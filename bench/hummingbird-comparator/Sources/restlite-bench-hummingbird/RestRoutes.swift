import DocumentStore
import HTTPTypes
import Hummingbird

/// The routes bench/compare.sh measures, doing the work `restlite serve` does for them: the same
/// store calls, the same JSON rendering and Content-Type (restlite also sends Server and CORS
/// headers, which the comparator leaves out).
struct RestRoutes: Sendable {
    let store: DocumentStore
    /// restlite's default body limit.
    static let maxBodyBytes = 16 * 1024 * 1024
    static let pagination = HTTPField.Name("X-Pagination")!

    func add(to router: Router<BasicRequestContext>, apiKey: String) {
        router.get("health") { _, _ in Self.json(.ok, Array(#"{"status":"ok"}"#.utf8)) }
        let rest = router.group("rest").add(middleware: APIKeyMiddleware(key: apiKey))
        rest.get(":collection") { request, context in try list(request, context) }
        rest.get(":collection/:id") { _, context in try getOne(context) }
        rest.post(":collection") { request, context in try await create(request, context) }
        rest.put(":collection/:id") { request, context in try await update(request, context) }
    }

    /// `GET /rest/<collection>?max=N`: a bare array rendered straight from SQLite, with the
    /// totals in `X-Pagination` (restlite always counts them).
    func list(_ request: Request, _ context: BasicRequestContext) throws -> Response {
        var find = FindRequest(collection: try context.parameters.require("collection"))
        if let max = request.uri.queryParameters["max"] {
            guard let value = Int(max), value >= 0 else { throw HTTPError(.badRequest, message: "bad max") }
            find.max = value
        }
        find.totals = true
        var body: [UInt8] = []
        body.reserveCapacity(64 + min(max(find.max, 0), 1_000) * 256)
        let page = try storeCall { try store.appendPageJSON(find, into: &body) }
        guard let page else { throw HTTPError(.badRequest, message: "only plain pages are served here") }
        let totals =
            #"{"total":\#(page.total ?? page.count),"count":\#(page.count),"skip":\#(page.skip),"max":\#(page.max)}"#
        return Self.json(.ok, body, headers: [Self.pagination: totals])
    }

    /// `GET /rest/<collection>/<id>`: the document as a bare object.
    func getOne(_ context: BasicRequestContext) throws -> Response {
        let collection = try context.parameters.require("collection")
        let id = try context.parameters.require("id")
        let document = try storeCall { try store.document(id, in: collection) }
        var body: [UInt8] = []
        document.renderJSON(metafields: false, into: &body)
        return Self.json(.ok, body)
    }

    /// `POST /rest/<collection>`: an object, or an array stored whole; 201 with system fields.
    func create(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let collection = try context.parameters.require("collection")
        let value = try await Self.bodyJSON(request)
        var body: [UInt8] = []
        switch value {
        case .object(let object):
            try storeCall { try store.insert(object, into: collection) }.renderJSON(
                metafields: true, into: &body)
        case .array(let elements):
            let objects = try elements.map { element in
                guard case .object(let object) = element else {
                    throw HTTPError(.badRequest, message: "send an array of objects")
                }
                return object
            }
            let stored = try storeCall { try store.insertMany(objects, into: collection) }
            body.append(UInt8(ascii: "["))
            for (position, document) in stored.enumerated() {
                if position > 0 { body.append(UInt8(ascii: ",")) }
                document.renderJSON(metafields: true, into: &body)
            }
            body.append(UInt8(ascii: "]"))
        default:
            throw HTTPError(.badRequest, message: "the body must be a JSON object or an array of objects")
        }
        return Self.json(.created, body)
    }

    /// `PUT /rest/<collection>/<id>`: a shallow merge; 200 with the whole document.
    func update(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let collection = try context.parameters.require("collection")
        let id = try context.parameters.require("id")
        guard case .object(let changes) = try await Self.bodyJSON(request) else {
            throw HTTPError(.badRequest, message: "the body must be a JSON object")
        }
        var body: [UInt8] = []
        try storeCall { try store.update(id, in: collection, with: changes) }.renderJSON(
            metafields: true, into: &body)
        return Self.json(.ok, body)
    }

    static func bodyJSON(_ request: Request) async throws -> JSONValue {
        let buffer = try await request.body.collect(upTo: maxBodyBytes)
        do {
            return try JSON.parse([UInt8](buffer.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: "the body is not valid JSON (\(error))")
        }
    }

    static func json(_ status: HTTPResponse.Status, _ body: [UInt8], headers: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        fields.append(contentsOf: headers)
        return Response(
            status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Runs a store call, answering the store's refusals as restlite does: 404 for a missing
    /// collection or document, 400 for the rest.
    private func storeCall<T>(_ call: () throws -> T) throws -> T {
        do {
            return try call()
        } catch let error as StoreError {
            switch error {
            case .documentNotFound, .collectionNotFound: throw HTTPError(.notFound, message: error.message)
            default: throw HTTPError(.badRequest, message: error.message)
            }
        }
    }
}

/// Every `/rest` request must carry the configured key in `x-apikey`.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    let key: String
    static var header: HTTPField.Name { HTTPField.Name("x-apikey")! }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let presented = request.headers[Self.header] else {
            throw HTTPError(.unauthorized, message: "no API key; send it in x-apikey")
        }
        guard presented == key else { throw HTTPError(.forbidden, message: "unknown API key") }
        return try await next(request, context)
    }
}
