import DocumentJSON
import MediaArchive
import PostgresStore
import RestDBAPI
import SocketHTTP
import StandIns

/// Everything `restlite serve` needs to know, after flags and environment variables have been
/// combined (see `resolve(_:environment:)`). The defaults are what a bare `restlite serve` does.
///
/// ```swift
/// var configuration = ServeConfiguration()
/// configuration.port = 0
/// configuration.dataDirectory = "/tmp/cats"
/// let server = try await RestliteServer.open(configuration)
/// ```
public struct ServeConfiguration: Sendable, Equatable {
    /// Address to bind.
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one (the banner shows it).
    public var port = 8080
    /// The data folder: `restlite.sqlite`, `keys.json` and the lock file.
    public var dataDirectory = "./data"
    /// `--database`: a `postgres://` URL whose database holds the documents instead of the
    /// data folder's `restlite.sqlite` (the folder keeps `media/` and the lock; the keys are the database's);
    /// nil is SQLite. Checked by `resolve`.
    public var databaseURL: String?
    /// `--database-connections`: the most connections this process opens to that database.
    public var databaseConnections = PostgresEngine.Options().maximumConnections
    /// Full-access keys accepted without being written to `keys.json`.
    public var apiKeys: [String] = []
    /// The JSON file a new folder is seeded from; nil means `seed/a3cats.json` when that file
    /// exists in the working directory, else the copy built into the binary.
    public var seedFile: String?
    /// Whether a new data folder gets the seed collection.
    public var seeds = true
    /// Refuse writes to collections that do not exist instead of creating them.
    public var strict = false
    /// Largest request body accepted (413 beyond).
    public var maxBodyBytes = 16 * 1024 * 1024
    /// No access log lines on stderr.
    public var quiet = false
    /// Return the data folder's seed collection to the seed before serving.
    public var reset = false
    /// Bytes of the database read through a memory map (`DocumentStore.Options.mmapBytes`).
    /// Off by default: the API's reads are a few pages each, for which SQLite's page cache and
    /// `read(2)` from the OS cache are as fast, and mapped pages would count in the RSS.
    public var mmapBytes = 0
    /// Let other processes (`restlite index`, `restlite export`, the `sqlite3` shell) open the
    /// database while the server runs. Off by default: the server then keeps the file to
    /// itself (`DocumentStore.Options.processExclusive`), which saves every transaction its
    /// file-lock system calls.
    public var shareDatabase = false
    /// Keep everything in memory: no data folder, no lock, no keys.json; seeded at every start.
    public var memory = false
    /// A file the bound port number is written to once the server listens.
    public var portFile: String?
    /// `--clock`: a fixed (`2020-01-01T00:00:00Z`) or stepping (`...Z+1s`) clock for
    /// `_created`, `_changed` and ids; nil is the system clock. Checked by `resolve`.
    public var clock: String?
    /// `--id-seed`: new ids come from this seed (`IDSource.seeded`); nil is random.
    public var idSeed: UInt64?

    // Admin routes (`/_restlite/`) for test suites.
    /// Mount the admin routes, the request journal and the fault rules (`--no-admin` turns off).
    public var admin = true
    /// Requests the journal keeps; 0 keeps none.
    public var journalSize = 1000
    /// A JSON file holding an array of fault rules in force from the start.
    public var faultsFile: String?
    /// Seed of the fault rules' probability draws, so runs repeat.
    public var faultSeed: UInt64?
    /// The longest one query may run before it is answered 400 (`DocumentStore.Options.queryBudget`).
    public var queryBudget: Duration = .seconds(2)
    /// Most request bytes buffered across all connections before new body bytes are refused
    /// with 503 (`HTTPServerConfiguration.maxBufferedBytes`).
    public var maxBufferedBytes = 256 * 1024 * 1024
    /// The longest a request body may take to arrive, from the end of its head (408 beyond).
    public var bodyTimeout: Duration = .seconds(30)
    /// Most response bytes held in memory for clients that read too slowly; past it the
    /// slowest are closed (`HTTPServerConfiguration.maxQueuedBytes`).
    public var maxQueuedBytes = 64 * 1024 * 1024
    /// The caps on one stand-in picture (`--max-picture-pixels`, `--max-picture-bytes`).
    public var pictureLimits = PictureLimits()
    /// Index the fields slow reads use by themselves (`AutoIndexPolicy`); off with
    /// `--no-auto-index`.
    public var autoIndex = true
    /// Serve the stand-ins of TheCatAPI (`/thecatapi`), PlaceKitten and dummyimage.com.
    public var standIns = true
    /// The USDA stand-in checks `api_key` (`RESTLITE_USDA_KEY_CHECK=1`); off, any key or none passes.
    public var usdaKeyCheck = false
    /// Scheme, host and port of absolute URLs in answers (and of `localImages`), such as
    /// `http://192.168.1.5:8080`; nil: from the request's `Host` (and `http://127.0.0.1:<port>`).
    public var publicURL: String?
    /// `--allowed-host`: more `Host` names a server on a loopback address answers to, besides
    /// the loopback names and the `publicURL` host; `*` answers every name.
    public var allowedHosts: [String] = []
    /// The first seed of a new folder (or a reset) stores photo URLs on this server's stand-ins.
    public var localImages = false
    /// Serve the web console at `/` and `/_console/` (`--no-console` turns it off).
    public var console = true
    /// Most parts of one `POST /media` form (`--max-upload-parts`).
    public var maxUploadParts = MultipartForm.defaultMaxParts
    /// `/realtime` subscribers at once, in all and per key, and the bytes queued for all of
    /// them (`--max-subscribers`, `--max-subscribers-per-key`, `--realtime-queue-budget`).
    public var maxSubscribers = RealtimeHub.Settings().maxSubscribers
    public var maxSubscribersPerKey = RealtimeHub.Settings().maxSubscribersPerKey
    public var realtimeQueueBytes = RealtimeHub.Settings().totalQueueBytes

    public init() {}

    /// The base URL of this server's own links for the bound `port`: `publicURL` when set.
    public func baseURL(port: Int) -> String {
        publicURL ?? ServeBanner(host: host, port: port, dataDirectory: "", collections: [], key: nil).url
    }

    /// The `Host` names answered: on a loopback address, the loopback names, the bound
    /// address, the `publicURL` host and `allowedHosts`; nil (every name) on any other address,
    /// which other machines reach by names the server cannot know.
    public var hostAllowList: HostAllowList? {
        guard HostAllowList.isLoopbackAddress(host) else { return nil }
        var names = allowedHosts + [host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host]
        if let publicURL { names.append(HostAllowList.hostName(ofURL: publicURL)) }
        return HostAllowList(names: names)
    }

    /// The stand-in options these settings imply; nil with `--no-standins`.
    public var standInOptions: StandInOptions? {
        standIns
            ? StandInOptions(publicURL: publicURL, usdaKeyCheck: usdaKeyCheck, pictureLimits: pictureLimits)
            : nil
    }

    /// The `/realtime` settings these options imply.
    public var realtimeSettings: RealtimeHub.Settings {
        var settings = RealtimeHub.Settings()
        settings.maxSubscribers = maxSubscribers
        settings.maxSubscribersPerKey = maxSubscribersPerKey
        settings.totalQueueBytes = realtimeQueueBytes
        return settings
    }

    /// The seed file used when none is configured, relative to the working directory.
    public static let defaultSeedFile = "seed/a3cats.json"

    /// The HTTP server settings these options imply.
    public var httpConfiguration: HTTPServerConfiguration {
        var http = HTTPServerConfiguration(
            host: host, port: port, limits: HTTPLimits(maxBodyBytes: maxBodyBytes), accessLog: !quiet,
            serverLog: !quiet, errorRenderer: Self.protocolErrorRenderer(maxBody: maxBodyBytes))
        http.maxBufferedBytes = maxBufferedBytes
        http.bodyTimeout = bodyTimeout
        http.maxQueuedBytes = maxQueuedBytes
        // On PostgreSQL a request waits for its statement's round trip (or a shared state check)
        // with its worker: one more worker per connection keeps the cores busy meanwhile (GET one
        // at c=32 about 7 % faster with 12 or 16 workers than with 4, bench/engines/run.sh).
        if databaseURL != nil { http.workerThreads += databaseConnections }
        return http
    }

    /// The server's own error answers as the API renders them; a 413 also names the setting
    /// that raises the limit, which the HTTP layer cannot know, or says that the request needs
    /// a key to send more.
    static func protocolErrorRenderer(maxBody: Int) -> HTTPErrorRenderer {
        { status, message in protocolErrorRenderer(status, message, maxBody: maxBody) }
    }

    static func protocolErrorRenderer(_ status: HTTPStatus, _ message: String, maxBody: Int) -> HTTPResponse {
        if status == .serviceUnavailable || status == .requestTimeout {
            let setting = status == .requestTimeout ? "--body-timeout" : "--max-buffered"
            return RestAPI.protocolErrorResponse(status, message + " (restlite serve \(setting))")
        }
        guard status == .payloadTooLarge else { return RestAPI.protocolErrorResponse(status, message) }
        if !message.contains("larger than \(maxBody) bytes") {
            return RestAPI.protocolErrorResponse(
                status,
                message
                    + "; requests that need no API key take bodies of at most \(RestAPI.keylessBodyLimit) bytes"
            )
        }
        return RestAPI.protocolErrorResponse(
            status,
            message + "; restlite serve takes a larger limit with --max-body (or RESTLITE_MAX_BODY), "
                + "such as --max-body 64MiB")
    }
}
