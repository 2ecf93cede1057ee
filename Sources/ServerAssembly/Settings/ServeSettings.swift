import DocumentStore
import RestDBAPI
import StandIns

/// Every setting of `restlite serve`, one row each, in the order of `--help` and docs/CLI.md.
/// `ServeConfiguration.resolve` applies them in this order, `ServeOverrides` has a property
/// for each, the `serve` command one option each, and docs/CLI.md's table is
/// `ServeSettings.markdownTable` (a test compares them). Adding a setting is adding a row here
/// and its option to `ServeCommand`, under the same name.
public struct ServeSettings: Sendable {
    /// The one table.
    public static let table = ServeSettings()

    public let host = ServeSetting<String?>(
        flag: "host", variable: "RESTLITE_HOST", value: "host", default: .value("127.0.0.1"),
        help: "Address to listen on; 0.0.0.0 for every interface.",
        details: "address to bind; `0.0.0.0` (or `::`) for every interface, e.g. in Docker"
    ) { text, configuration in configuration.host = text }

    public let port = ServeSetting<String?>(
        flag: "port", variable: "RESTLITE_PORT", value: "port", default: .value("8080"),
        help: "Port to listen on; 0 picks a free one (the banner shows it).",
        details: "port to bind, 0 to 65535; `0` picks a free port, shown in the banner"
    ) { text, configuration in configuration.port = try ServeConfiguration.parsePort(text) }

    public let dataDirectory = ServeSetting<String?>(
        flag: "data-dir", variable: "RESTLITE_DATA_DIR", value: "dir", default: .value("./data"),
        help: "The data folder: restlite.sqlite and keys.json.",
        details: "the data folder: `restlite.sqlite`, `keys.json`, `restlite.lock`, `media/`"
    ) { text, configuration in configuration.dataDirectory = text }

    public let database = ServeSetting<String?>(
        flag: "database", variable: "RESTLITE_DATABASE_URL", value: "url",
        default: .described("`restlite.sqlite` in the data folder"),
        help: "Keep the documents in this PostgreSQL database (postgres://user@host:5432/db) instead of the "
            + "data folder's SQLite file; needs libpq.",
        details: "keep the documents in this PostgreSQL database (`postgres://user:password@host:5432/db`) "
            + "instead of `restlite.sqlite`; libpq is loaded only then (`apt install libpq5`, `brew install "
            + "libpq`); the API keys are the database's (its first start copies `keys.json` and `--apikey` "
            + "there); the data folder keeps `media/` and the lock; an empty database is seeded; "
            + "automatic indexes, the index routes and schema edits work as on SQLite ([PostgreSQL](#postgresql))"
    ) { text, configuration in configuration.databaseURL = try ServeConfiguration.parseDatabaseURL(text) }

    public let databaseConnections = ServeSetting<String?>(
        flag: "database-connections", variable: "RESTLITE_DATABASE_CONNECTIONS", value: "n",
        default: .value("8"),
        help: "Most connections to the PostgreSQL database of --database this process opens.",
        details: "most connections to the `--database` PostgreSQL database this process keeps open, 1 to "
            + "1000; a request waits up to 10 s for one, then 503 with `Retry-After`. Several processes "
            + "on one database each open this many (PostgreSQL's `max_connections` is 100 by default). Each "
            + "also adds an HTTP worker thread, which serves other requests while one waits for PostgreSQL"
    ) { text, configuration in
        configuration.databaseConnections = try ServeConfiguration.parseCount(
            text, flag: "--database-connections", most: 1000)
    }

    public let apiKeys = ServeSetting<[String]>(
        flag: "apikey", variable: "RESTLITE_APIKEY", value: "key",
        help: "Accept this full-access key without writing it to keys.json; repeatable.",
        details: "accept `KEY` with full access without writing it to `keys.json`; repeatable; 1 to 256 "
            + "printable characters without spaces or `&`"
    ) { values, configuration in configuration.apiKeys = try ServeConfiguration.parseKeys(values) }

    public let seedFile = ServeSetting<String?>(
        flag: "seed", variable: "RESTLITE_SEED", value: "file",
        default: .described("`seed/a3cats.json`, else built in"),
        help: "JSON file a new data folder's a3cats is imported from.",
        details: "JSON (array or lines) a new folder's `a3cats` is imported from"
    ) { text, configuration in configuration.seedFile = text }

    public let noSeed = ServeSetting<Bool>(
        flag: "no-seed", variable: "RESTLITE_NO_SEED",
        help: "Start a new data folder empty, without the a3cats seed.",
        details: "a new folder starts with no collections (a key is still written)"
    ) { on, configuration in configuration.seeds = !on }

    public let strict = ServeSetting<Bool>(
        flag: "strict", variable: "RESTLITE_STRICT",
        help: "Refuse writes to collections that do not exist (no auto-create) and Bearer keys.",
        details: "writes to a collection that does not exist are refused instead of creating it, and an API "
            + "key sent as `Authorization: Bearer` is refused (401; restdb takes `x-apikey` or `apikey=`)"
    ) { on, configuration in configuration.strict = on }

    public let maxBody = ServeSetting<String?>(
        flag: "max-body", variable: "RESTLITE_MAX_BODY", value: "size", default: .value("16MiB"),
        help: "Largest request body: bytes, or 512KiB, 16MiB, 2MB.",
        details: "largest request body (413 beyond): bytes (`1048576`) or `512KiB`, `16MiB`, `1GiB` "
            + "(1024-based), `2MB`, `10KB` (1000-based)"
    ) { text, configuration in configuration.maxBodyBytes = try ByteSize.parse(text) }

    public let quiet = ServeSetting<Bool>(
        flag: "quiet", variable: "RESTLITE_QUIET",
        help: "No access log on standard error.",
        details:
            "nothing on standard error: no access log, no start/stop log lines, no line for SIGINT/SIGTERM"
    ) { on, configuration in configuration.quiet = on }

    public let shareDatabase = ServeSetting<Bool>(
        flag: "share-database", variable: "RESTLITE_SHARE_DATABASE",
        help: "Let other processes open the database while serving (restlite index, restlite export, the "
            + "sqlite3 shell); writes are slower.",
        details: "let other processes open the database while serving (the `sqlite3` shell); without it the "
            + "server keeps the file to itself, which makes every transaction cheaper (see below). "
            + "`restlite export`, `index` and `photos` need neither: they go through the running server"
    ) { on, configuration in configuration.shareDatabase = on }

    public let queryBudget = ServeSetting<String?>(
        flag: "query-budget", variable: "RESTLITE_QUERY_BUDGET", value: "duration", default: .value("2s"),
        help: "Longest one query may run before it is answered 400: 2s, 500ms.",
        details:
            "longest one query may run (a list, a count, the selection of a PUT or DELETE by query), all "
            + "its rows together; beyond, 400 naming the limit. `2s`, `500ms`, `1.5s`, `1m`, or a bare "
            + "number of seconds"
    ) { text, configuration in
        configuration.queryBudget = try DurationSetting.parse(text, setting: "query budget")
    }

    public let maxBuffered = ServeSetting<String?>(
        flag: "max-buffered", variable: "RESTLITE_MAX_BUFFERED", value: "size", default: .value("256MiB"),
        help: "Most request bytes buffered across all connections; beyond, 503.",
        details: "most request bytes held in memory across all connections (heads and bodies not yet "
            + "answered; an announced `Content-Length` counts in full when its head arrives); beyond, 503 "
            + "with `Retry-After: 1`, then the connection closes. Same units as `--max-body`"
    ) { text, configuration in
        configuration.maxBufferedBytes = try ByteSize.parse(text, setting: "max buffered")
    }

    public let bodyTimeout = ServeSetting<String?>(
        flag: "body-timeout", variable: "RESTLITE_BODY_TIMEOUT", value: "duration", default: .value("30s"),
        help: "Longest a request body may take to arrive after its head; beyond, 408.",
        details: "longest a request body may take to arrive, counted from the end of its head (a total, not "
            + "a pause: a body that trickles one byte at a time is cut off too); beyond, 408 and close. "
            + "Same units as `--query-budget`"
    ) { text, configuration in
        configuration.bodyTimeout = try DurationSetting.parse(text, setting: "body timeout")
    }

    public let maxUploadParts = ServeSetting<String?>(
        flag: "max-upload-parts", variable: "RESTLITE_MAX_UPLOAD_PARTS", value: "n", default: .value("100"),
        help: "Most parts (files and fields) of one POST /media form; beyond, 413.",
        details: "most parts (files and form fields) of one `POST /media`, 1 to 1000000; a form with more is "
            + "answered 413 naming the flag, before any file is written (docs/SECURITY.md, \"Uploads\")"
    ) { text, configuration in
        configuration.maxUploadParts = try ServeConfiguration.parseCount(text, flag: "--max-upload-parts")
    }

    public let maxSubscribers = ServeSetting<String?>(
        flag: "max-subscribers", variable: "RESTLITE_MAX_SUBSCRIBERS", value: "n", default: .value("1000"),
        help: "Most /realtime subscribers at once; beyond, 503.",
        details: "most `GET /realtime` streams open at once; beyond, 503 with `Retry-After: 10` and a JSON "
            + "error naming the flag"
    ) { text, configuration in
        configuration.maxSubscribers = try ServeConfiguration.parseCount(text, flag: "--max-subscribers")
    }

    public let maxSubscribersPerKey = ServeSetting<String?>(
        flag: "max-subscribers-per-key", variable: "RESTLITE_MAX_SUBSCRIBERS_PER_KEY", value: "n",
        default: .value("200"),
        help: "Most /realtime subscribers of one API key at once; beyond, 503.",
        details: "most `GET /realtime` streams of one API key at once; beyond, the same 503"
    ) { text, configuration in
        configuration.maxSubscribersPerKey = try ServeConfiguration.parseCount(
            text, flag: "--max-subscribers-per-key")
    }

    public let realtimeQueueBudget = ServeSetting<String?>(
        flag: "realtime-queue-budget", variable: "RESTLITE_REALTIME_QUEUE_BUDGET", value: "size",
        default: .value("64MiB"),
        help:
            "Most bytes queued for all /realtime subscribers together; beyond, the slowest are disconnected.",
        details: "most event bytes queued for all realtime subscribers together (each one also stops at 1 "
            + "MiB); beyond, the subscribers holding the most are disconnected until the rest fit "
            + "(docs/SECURITY.md, \"Realtime subscribers\"). Same units as `--max-body`"
    ) { text, configuration in
        configuration.realtimeQueueBytes = try ByteSize.parse(text, setting: "realtime queue budget")
    }

    public let maxQueued = ServeSetting<String?>(
        flag: "max-queued", variable: "RESTLITE_MAX_QUEUED", value: "size", default: .value("64MiB"),
        help: "Most response bytes held for clients that read slowly; beyond, the slowest are closed.",
        details: "most response bytes held in memory for clients that do not read them, across all "
            + "connections; past it, the connections whose output has waited longest without the client "
            + "taking a byte are closed until the total is back under (docs/SECURITY.md). Same units as "
            + "`--max-body`"
    ) { text, configuration in configuration.maxQueuedBytes = try ByteSize.parse(text, setting: "max queued")
    }

    public let maxPicturePixels = ServeSetting<String?>(
        flag: "max-picture-pixels", variable: "RESTLITE_MAX_PICTURE_PIXELS", value: "n",
        default: .value("4194304"),
        help: "Largest stand-in picture, in pixels (width × height); beyond, 400.",
        details: "largest picture the `/placekitten` and `/dummyimage` stand-ins draw, in pixels (width × "
            + "height, each side still 1 to 4000; the default is 2048×2048); beyond, 400 naming this flag, "
            + "before anything is drawn"
    ) { text, configuration in
        configuration.pictureLimits.maxPixels = try ServeConfiguration.parsePixels(text)
    }

    public let maxPictureBytes = ServeSetting<String?>(
        flag: "max-picture-bytes", variable: "RESTLITE_MAX_PICTURE_BYTES", value: "size",
        default: .value("16MiB"),
        help: "Largest encoded stand-in picture; beyond, 400.",
        details:
            "largest encoded stand-in picture: a request whose format may take more bytes for its pixels "
            + "(a BMP exactly; PNG, GIF, JPEG by their encoders' worst case) is refused with a 400 naming "
            + "this flag. Same units as `--max-body`"
    ) { text, configuration in
        configuration.pictureLimits.maxBytes = try ByteSize.parse(text, setting: "max picture bytes")
    }

    public let mmapSize = ServeSetting<String?>(
        flag: nil, variable: "RESTLITE_MMAP_SIZE", value: "size", default: .value("0"),
        help: "Read the database through a memory map of this size, e.g. 1GiB: it helps scans of large "
            + "collections, costs RSS.",
        details: "read the database through a memory map of this size (`1GiB`, same units as `--max-body`; "
            + "`0` is off); helps scans of large collections, and the mapped pages count in the server's "
            + "RSS (docs/PERFORMANCE.md, \"REST API\")"
    ) { text, configuration in
        configuration.mmapBytes =
            text.trimmingBlanks() == "0" ? 0 : try ByteSize.parse(text, setting: "mmap size")
    }

    public let reset = ServeSetting<Bool>(
        flag: "reset", variable: nil,
        help: "Return a3cats to the seed before serving (asks on a terminal).",
        details:
            "replace `a3cats` with the seed before serving (the `reset` command's code: one transaction, "
            + "the seed from `--seed` by the same rule); asks on a terminal"
    ) { on, configuration in configuration.reset = on }

    /// Read by the command line itself, which asks before a reset; nothing in `ServeConfiguration`.
    public let yes = ServeSetting<Bool>(
        flag: "yes", variable: nil,
        help: "With --reset: do not ask.",
        details: "with `--reset`: do not ask (required when standard input is not a terminal)"
    ) { _, _ in }

    public let memory = ServeSetting<Bool>(
        flag: "memory", variable: "RESTLITE_MEMORY",
        help: "Keep everything in memory: no data folder, no lock, nothing written; seeded at every start, "
            + "key from --apikey or made up and printed.",
        details:
            "everything in memory: no data folder, lock or `keys.json`, nothing written; seeded at every "
            + "start; the key is the first `--apikey`, else made up for the run and shown in the banner; "
            + "cannot go with `--reset` (docs/TESTING.md)"
    ) { on, configuration in configuration.memory = on }

    public let portFile = ServeSetting<String?>(
        flag: "port-file", variable: "RESTLITE_PORT_FILE", value: "file",
        help: "Write the bound port number to this file once listening.",
        details: "write the bound port and a newline to `FILE` once listening (through a rename, so it is "
            + "never half written)"
    ) { text, configuration in configuration.portFile = text }

    public let clock = ServeSetting<String?>(
        flag: "clock", variable: "RESTLITE_CLOCK", value: "instant[+step]",
        default: .described("system clock"),
        help: "Time for _created, _changed and ids: fixed (2020-01-01T00:00:00Z) or stepping by each read "
            + "(2020-01-01T00:00:00Z+1s; ms, s, m, h).",
        details: "time of `_created`, `_changed` and new ids: fixed (`2020-01-01T00:00:00Z`) or advancing by "
            + "`STEP` at each reading (`...Z+1s`; `ms`, `s`, `m`, `h`)"
    ) { text, configuration in configuration.clock = try ServeConfiguration.parseClock(text) }

    public let idSeed = ServeSetting<String?>(
        flag: "id-seed", variable: "RESTLITE_ID_SEED", value: "n", default: .described("random"),
        help: "Derive new ids from this number, so runs repeat (with --clock).",
        details: "new ids take their middle bytes and counter start from `N` (0 to 2^64-1); with `--clock`, "
            + "runs repeat byte for byte"
    ) { text, configuration in
        guard let value = UInt64(text.trimmingBlanks()) else {
            throw ServeError.invalidSetting("id seed '\(text)' is not a whole number from 0 to 2^64-1")
        }
        configuration.idSeed = value
    }

    public let noConsole = ServeSetting<Bool>(
        flag: "no-console", variable: "RESTLITE_NO_CONSOLE",
        help: "Do not serve the web console at / and /_console/.",
        details: "no web console: `GET /` stays a 404 for browsers too, no `/_console/` routes, no session "
            + "cookies (the `/_restlite/keys`, import and export routes stay)"
    ) { on, configuration in configuration.console = !on }

    public let noAdmin = ServeSetting<Bool>(
        flag: "no-admin", variable: "RESTLITE_NO_ADMIN",
        help: "Do not mount the /_restlite/ admin routes (reset, snapshots, journal, faults).",
        details: "no `/_restlite/` admin routes, no request journal, no fault rules "
            + "([below](#admin-routes-for-test-suites))"
    ) { on, configuration in configuration.admin = !on }

    public let journalSize = ServeSetting<String?>(
        flag: "journal-size", variable: "RESTLITE_JOURNAL_SIZE", value: "n", default: .value("1000"),
        help: "Requests the admin journal keeps; 0 turns it off.",
        details: "requests the admin journal keeps, 0 to 1000000; `0` turns the journal off"
    ) { text, configuration in configuration.journalSize = try ServeConfiguration.parseJournalSize(text) }

    public let faultsFile = ServeSetting<String?>(
        flag: "faults", variable: "RESTLITE_FAULTS", value: "file",
        help: "JSON file with an array of fault rules in force from the start.",
        details:
            "a JSON array of fault rules in force from the start (same shape as `POST /_restlite/faults`); "
            + "a bad file stops the start with the reason; not with `--no-admin`"
    ) { text, configuration in configuration.faultsFile = text }

    public let faultSeed = ServeSetting<String?>(
        flag: "fault-seed", variable: "RESTLITE_FAULT_SEED", value: "n", default: .described("random"),
        help: "Seed of the fault rules' probability draws, so runs repeat.",
        details:
            "seed of the fault rules' `probability` draws, so a test run repeats (a rule's own `seed` wins)"
    ) { text, configuration in
        guard let value = UInt64(text.trimmingBlanks()) else {
            throw ServeError.invalidSetting("--fault-seed '\(text)' is not a whole number from 0")
        }
        configuration.faultSeed = value
    }

    public let noStandIns = ServeSetting<Bool>(
        flag: "no-standins", variable: "RESTLITE_NO_STANDINS",
        help: "Do not serve /thecatapi, /placekitten and /dummyimage.",
        details: "leave out the stand-ins of TheCatAPI (`/thecatapi`), PlaceKitten (`/placekitten`) and "
            + "dummyimage.com (`/dummyimage`), which otherwise answer on the same port without a key "
            + "(docs/ILOVECATS.md)"
    ) { on, configuration in configuration.standIns = !on }

    public let usdaKeyCheck = ServeSetting<Bool>(
        flag: nil, variable: "RESTLITE_USDA_KEY_CHECK",
        help: "The USDA stand-in answers a missing or malformed api_key with the gateway's 403.",
        details: "the `/usda` stand-in answers a request without `api_key`, or with one that is neither "
            + "`DEMO_KEY` nor 40 letters and digits, with the gateway's 403 (docs/USDA.md)"
    ) { on, configuration in configuration.usdaKeyCheck = on }

    public let noAutoIndex = ServeSetting<Bool>(
        flag: "no-auto-index", variable: "RESTLITE_NO_AUTO_INDEX",
        help:
            "Never index a field by itself. By default a field that slow reads (over 5 ms) filter or sort on "
            + "three times gets an index, built in the background, listed by 'restlite index list' and "
            + "dropped after an hour unused or when writes cost more than it saves reads.",
        details: "never index a field by itself; by default a field that three slow reads (over 5 ms) filter "
            + "or sort on gets an automatic index, built in the background (at most 4 per collection, 32 in "
            + "all, on collections of up to 2,000,000 documents), listed by `restlite index list`, dropped "
            + "after an hour unused or once writes cost more than it saved reads ([index](#index))"
    ) { on, configuration in configuration.autoIndex = !on }

    public let publicURL = ServeSetting<String?>(
        flag: "public-url", variable: "RESTLITE_PUBLIC_URL", value: "url",
        default: .described("from the request's `Host`"),
        help: "Base of absolute URLs in answers and of --local-images photo URLs, such as "
            + "http://192.168.1.5:8080 for a phone on the LAN.",
        details: "base (`http(s)://host[:port]`) of absolute URLs in answers (TheCatAPI's `url`) and of "
            + "`--local-images` photo URLs, e.g. `http://192.168.1.20:8080` for a phone on the LAN"
    ) { text, configuration in configuration.publicURL = try ServeConfiguration.parsePublicURL(text) }

    public let allowedHosts = ServeSetting<[String]>(
        flag: "allowed-host", variable: "RESTLITE_ALLOWED_HOST", value: "name",
        help: "On a loopback address, also answer requests whose Host is this name (the loopback names and "
            + "the --public-url host are always answered; others get 403, a guard against DNS rebinding); "
            + "repeatable; '*' answers every name.",
        details:
            "repeatable: on a loopback `--host` (the default), also answer requests whose `Host` is this "
            + "name (any port); loopback names (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`) and the "
            + "`--public-url` host are always answered, any other `Host` gets 403 naming this flag (a guard "
            + "against DNS rebinding). `*` answers every name. On any other `--host` (`0.0.0.0`, a LAN "
            + "address) every name is answered. See [SECURITY.md](SECURITY.md#host-checks)"
    ) { values, configuration in configuration.allowedHosts = try ServeConfiguration.parseHostNames(values) }

    public let localImages = ServeSetting<Bool>(
        flag: "local-images", variable: "RESTLITE_LOCAL_IMAGES",
        help:
            "The first seed of a new data folder (and --reset) stores photo URLs on this server's stand-ins "
            + "instead of dummyimage.com, placekitten.com and cdn2.thecatapi.com.",
        details:
            "the first seed of a new folder (and `--reset`) stores photo URLs on this server's stand-ins "
            + "instead of dummyimage.com, placekitten.com and cdn2.thecatapi.com; base: `--public-url`, else "
            + "`http://127.0.0.1:<bound port>`. On an existing folder the stored URLs stay as they are and "
            + "the banner says so: `restlite photos local` ([below](#photos)) switches them"
    ) { on, configuration in configuration.localImages = on }
}
