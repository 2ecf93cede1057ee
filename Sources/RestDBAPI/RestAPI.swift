import DataTransfer
import DocumentStore
import MediaArchive
import SocketHTTP

/// restdb.io's REST surface over a `DocumentEngine`: `/rest/<collection>` CRUD, the query
/// parameters, keys, CORS and restdb's error bodies.
///
/// ```swift
/// let api = RestAPI(store: store, keys: try KeyRing(file: folder.keysURL))
/// let server = HTTPServer(configuration: .init(port: 8080), responder: api.makeResponder())
/// ```
public struct RestAPI: Sendable {
    public struct Options: Sendable {
        /// Hold clients to what restdb.io accepts: refuse writes to collections that do not
        /// exist instead of creating them, and API keys sent as `Authorization: Bearer`.
        public var strict: Bool
        /// Write to stderr for answers that failed inside the server (500s).
        public var logErrors: Bool
        /// Ping interval, resume history and per-subscriber queue of `/realtime`.
        public var realtime: RealtimeHub.Settings
        /// The base of the server's own absolute URLs (`idtolink=true` media links), as
        /// `http://192.168.1.5:8080`; nil builds them from the request's `Host`.
        public var publicURL: String?
        /// The `Host` names answered (a guard against DNS rebinding); nil answers every `Host`.
        /// `serve` sets it when it listens on a loopback address.
        public var allowedHosts: HostAllowList?
        /// Most parts one `POST /media` form may hold; past it, 413 before any file is written.
        public var maxUploadParts = MultipartForm.defaultMaxParts
        /// The photo URLs of the stand-ins mounted beside the API, on a server's base URL, for
        /// `POST /_restlite/photos` `{"to":"local"}`; nil (no stand-ins) answers that with 409.
        public var localImageURLs: (@Sendable (_ base: String) -> LocalImageURLs)?

        public init(
            strict: Bool = false, logErrors: Bool = true, realtime: RealtimeHub.Settings = .init(),
            publicURL: String? = nil, allowedHosts: HostAllowList? = nil
        ) {
            self.strict = strict
            self.logErrors = logErrors
            self.realtime = realtime
            self.publicURL = publicURL
            self.allowedHosts = allowedHosts
        }
    }

    public let store: any DocumentEngine
    public let keys: KeyRing
    public let options: Options
    /// The media archive behind `/media`; in memory unless the server gives it a folder.
    public let media: MediaStore
    /// Where every write announces itself to `/realtime` subscribers.
    public let realtime: RealtimeHub
    /// The other processes on the same database, when the engine is shared (PostgreSQL).
    let relay: (any EventRelay)?

    public init(
        store: any DocumentEngine, keys: KeyRing, options: Options = Options(),
        media: MediaStore = .inMemory()
    ) {
        self.store = store
        self.keys = keys
        self.options = options
        self.media = media
        let realtime = RealtimeHub(settings: options.realtime)
        self.realtime = realtime
        let relay = (store as? any SharedEngine)?.eventRelay
        self.relay = relay
        // Other processes' events reach this one's subscribers; its own go to them (`announce`).
        // The relay writes only while some process has subscribers: it learns when this one
        // gets its first and loses its last.
        relay?.start(
            hasSubscribers: { realtime.hasSubscribers },
            deliver: { event, collection, data in
                realtime.publish(event: event, collection: collection, data: data)
            })
        // Weakly: the relay holds the hub (its `hasSubscribers`), so the hub must not hold it.
        if let relay { realtime.observeOccupancy { [weak relay] in relay?.subscribersChanged() } }
        // Children deleted with their parents are `delete` events of their own collections.
        store.observeCascadedDeletes { [realtime] collection, ids in
            Self.emitDeleted(collection, ids, to: realtime, relay: relay)
        }
    }

    /// Builds the routes and middleware once and freezes them for every connection; `mounts`
    /// add their middleware outside RestAPI's and their routes beside its own.
    public func makeResponder(mounts: [any RouterMount] = []) -> FrozenRouter {
        var router = Router()
        if let allowed = options.allowedHosts { router.use(HostCheckMiddleware(allowed: allowed)) }
        for mount in mounts { mount.outerMiddleware.forEach { router.use($0) } }
        router.use(CORSMiddleware())
        router.use(ErrorMiddleware(logErrors: options.logErrors))
        router.use(MethodOverrideMiddleware())
        router.use(KeyMiddleware(keys: keys, strict: options.strict))
        router.errorRenderer = Self.protocolErrorResponse
        router.bodyLimit = { head in KeyMiddleware.needsKey(head) ? nil : Self.keylessBodyLimit }
        router.notFound = { request in throw RestError(.notFound, Self.notFoundMessage(request)) }
        // Returned, not thrown: the router adds the `Allow` header only to a returned answer.
        router.methodNotAllowed = { request, methods in
            let list = methods.map(\.rawValue).joined(separator: ", ")
            return RestError(
                .methodNotAllowed,
                "\(request.method.rawValue) is not allowed on \(request.path); use \(list)."
            ).httpResponse()
        }
        addRoutes(to: &router)
        for mount in mounts { mount.addRoutes(to: &router) }
        // The index lists every /_restlite route, itself included: added once to be listed,
        // then again with the list.
        router.get("/_restlite") { _ in .json(.ok, "{}") }
        let adminIndex = Self.adminIndexEntries(router.routes)
        router.get("/_restlite") { request in Self.adminIndex(adminIndex, request) }
        return router.freeze()
    }

    private func addRoutes(to router: inout Router) {
        router.get("/health") { _ in .json(.ok, #"{"status":"ok"}"#) }
        router.get("/openapi.json") { _ in .json(.ok, OpenAPIDocument.bytes) }
        router.get("/rest/_meta") { _ in try listCollections() }
        router.get("/rest/:collection/_meta") { request in try collectionSchema(request) }
        router.put("/rest/:collection/_meta") { request in try setCollectionSchema(request) }
        router.get("/rest/:collection") { request in try list(request) }
        router.get("/rest/:collection/:id") { request in try getOne(request) }
        router.post("/rest/:collection") { request in try create(request) }
        router.put("/rest/:collection/:id") { request in try update(request) }
        router.patch("/rest/:collection/:id") { request in try update(request) }
        router.delete("/rest/:collection/:id") { request in try delete(request) }
        router.get("/rest/:collection/:id/:child") { request in try listChildren(request) }
        router.post("/rest/:collection/:id/:child") { request in try createChildren(request) }
        router.get("/rest/:collection/:id/:child/:childId") { request in try getChild(request) }
        router.put("/rest/:collection/:id/:child/:childId") { request in try updateChild(request) }
        router.patch("/rest/:collection/:id/:child/:childId") { request in try updateChild(request) }
        router.delete("/rest/:collection/:id/:child/:childId") { request in try deleteChild(request) }
        addMediaRoutes(to: &router)
        addRealtimeRoutes(to: &router)
        addConsoleRoutes(to: &router)
    }

    /// restlite's key and file routes (full-access keys only, as everything under `/_restlite/`).
    private func addConsoleRoutes(to router: inout Router) {
        router.get("/_restlite/keys") { request in try listKeys(request) }
        router.post("/_restlite/keys") { request in try addKey(request) }
        router.delete("/_restlite/keys/:key") { request in try removeKey(request) }
        router.post("/_restlite/import/preview") { request in try previewImport(request) }
        router.post("/_restlite/import") { request in try importFile(request) }
        router.get("/_restlite/export/:collection") { request in try exportFile(request) }
        router.get("/_restlite/indexes") { request in try listIndexes(request) }
        router.post("/_restlite/indexes") { request in try createIndex(request) }
        router.delete("/_restlite/indexes/:collection/:field") { request in try removeIndex(request) }
        router.post("/_restlite/photos") { request in try switchPhotos(request) }
        router.delete("/_restlite/collections/:collection") { request in try dropCollection(request) }
        router.post("/_restlite/collections/:collection/schema") { request in
            try editCollectionSchema(request)
        }
    }

    /// The largest body of a request that needs no key (the console's sign-in takes a key of a
    /// few dozen bytes): a longer `Content-Length` is refused from the head with 413.
    public static let keylessBodyLimit = 8 * 1024

    /// The answers SocketHTTP makes up itself (a request the parser refuses: 400, 413, 414, 431,
    /// 501, 505; the router's last-resort 500), in restdb's error shape and with CORS headers, so
    /// browsers can read them too. `serve` injects it as the server's `errorRenderer`.
    @Sendable public static func protocolErrorResponse(_ status: HTTPStatus, _ message: String)
        -> HTTPResponse
    {
        var response = RestError(status, message).httpResponse()
        CORSMiddleware.decorate(&response, origin: nil)
        return response
    }

    private static func notFoundMessage(_ request: HTTPRequest) -> String {
        "Nothing is served at \(request.path); collections live under /rest/<collection>, as in /rest/a3cats."
    }
}
