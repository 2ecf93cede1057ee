import Console
import DocumentStore
import MediaArchive
import RestDBAPI
import RestLiteAdmin
import SocketHTTP

/// restlite's HTTP surface over one opened store, assembled in this one place: restdb's routes
/// and middleware, with the admin routes, the console and the stand-ins mounted as the
/// configuration says, and the HTTP settings to serve them with. `RestliteServer` (so
/// `restlite serve` and `RestLite.withServer`) and the tests' `TestAPI` all build it here, so
/// in-process tests answer through the router users run.
///
/// ```swift
/// let app = try RestliteApplication.build(configuration, store: store, keys: keys, media: media)
/// let server = app.makeServer()
/// ```
public struct RestliteApplication: Sendable {
    /// What tests change that no `serve` flag sets.
    public struct Tuning: Sendable {
        /// The admin routes' options (journal, faults); nil takes them from the configuration
        /// (`--journal-size`, `--fault-seed`, `--faults`). The media archive's reset and
        /// snapshot hooks are added either way.
        public var adminOptions: RestLiteAdmin.Options?
        /// The `/realtime` settings whole (ping interval, history, queues); nil takes the
        /// configuration's caps with the default timing.
        public var realtime: RealtimeHub.Settings?
        /// Write to stderr for answers that failed inside the server (500s).
        public var logErrors: Bool
        /// Counts the requests in handlers for the store (`HTTPServerConfiguration.handlerGauge`).
        public var handlerGauge: HandlerGauge?

        public init(
            adminOptions: RestLiteAdmin.Options? = nil, realtime: RealtimeHub.Settings? = nil,
            logErrors: Bool = true, handlerGauge: HandlerGauge? = nil
        ) {
            self.adminOptions = adminOptions
            self.realtime = realtime
            self.logErrors = logErrors
            self.handlerGauge = handlerGauge
        }
    }

    /// restdb's routes over the store.
    public let api: RestAPI
    /// The `/_restlite/` admin routes; nil with `--no-admin`.
    public let admin: RestLiteAdmin?
    /// The web console; nil with `--no-console`.
    public let console: Console?
    /// The routes and the middleware chain, frozen: what the HTTP server answers with.
    public let responder: FrozenRouter
    /// The HTTP server settings: address, limits, timeouts, the error renderer, and uploads
    /// spooled beside the media archive.
    public let httpConfiguration: HTTPServerConfiguration

    /// The one assembly. Middleware, outermost first: the `Host` check (on a loopback
    /// address), the admin's request journal and fault rules, the console's session, CORS,
    /// error bodies, method override, the key check; then the routes of restdb, the admin, the
    /// console and the stand-ins.
    public static func build(
        _ configuration: ServeConfiguration, store: any DocumentEngine, keys: KeyRing, media: MediaStore,
        tuning: Tuning = Tuning()
    ) throws -> RestliteApplication {
        let admin = try RestLiteAdmin.forServe(
            configuration, store: store, keys: keys, media: media, options: tuning.adminOptions)
        let console = configuration.console ? Console.forRestAPI(keys: keys) : nil
        let api = RestAPI(
            store: store, keys: keys, options: apiOptions(configuration, tuning), media: media)
        var mounts: [any RouterMount] = []
        if let admin { mounts.append(admin) }
        if let console { mounts.append(console) }
        if let standIns = configuration.standInOptions { mounts.append(StandInMount(standIns)) }
        var http = configuration.httpConfiguration
        // Uploads are spooled beside the archive: the same disk, and no /tmp size limit.
        http.spoolDirectory = media.directory
        http.handlerGauge = tuning.handlerGauge
        return RestliteApplication(
            api: api, admin: admin, console: console, responder: api.makeResponder(mounts: mounts),
            httpConfiguration: http)
    }

    /// An HTTP server for this application; `bind()` or `start()` it.
    public func makeServer() -> HTTPServer {
        HTTPServer(configuration: httpConfiguration, responder: responder)
    }

    private static func apiOptions(_ configuration: ServeConfiguration, _ tuning: Tuning) -> RestAPI.Options {
        var options = RestAPI.Options(
            strict: configuration.strict, logErrors: tuning.logErrors,
            realtime: tuning.realtime ?? configuration.realtimeSettings, publicURL: configuration.publicURL,
            allowedHosts: configuration.hostAllowList)
        options.maxUploadParts = configuration.maxUploadParts
        if configuration.standIns { options.localImageURLs = StandInRoutes.localImageURLs(base:) }
        return options
    }
}
