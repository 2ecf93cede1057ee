import ArgumentParser
import RestDBAPI
import ServerAssembly
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite serve`: the restdb.io REST API on a data folder. Parses flags and environment
/// variables; everything else is `RestliteServer`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the restdb.io REST API (/rest/<collection>) from a data folder.",
        // Written out: with every option the generated line is long enough to collapse.
        usage: """
            restlite serve [--host <host>] [--port <port>] [--data-dir <dir>] [--apikey <key> ...] \
            [--strict] [--quiet] [<more options>]
            """,
        discussion: """
            With no flags: listens on 127.0.0.1:8080 and keeps its data in ./data. A new data \
            folder gets the a3cats collection (seed/a3cats.json, or the copy built into the \
            binary when that file is absent) and a full-access key in keys.json. Every start \
            prints a banner with the URL, the collections, a key and a curl command.

            Each flag has an environment variable; a flag wins over its variable, which wins \
            over the default: RESTLITE_HOST, RESTLITE_PORT, RESTLITE_DATA_DIR, RESTLITE_APIKEY \
            (comma-separated), RESTLITE_SEED, RESTLITE_NO_SEED, RESTLITE_STRICT, \
            RESTLITE_MAX_BODY, RESTLITE_QUERY_BUDGET, RESTLITE_MAX_BUFFERED, \
            RESTLITE_BODY_TIMEOUT, RESTLITE_MAX_UPLOAD_PARTS, RESTLITE_MAX_SUBSCRIBERS, \
            RESTLITE_MAX_SUBSCRIBERS_PER_KEY, RESTLITE_REALTIME_QUEUE_BUDGET, RESTLITE_QUIET, \
            RESTLITE_MEMORY, RESTLITE_PORT_FILE, RESTLITE_CLOCK, RESTLITE_ID_SEED, RESTLITE_NO_STANDINS, \
            RESTLITE_NO_AUTO_INDEX, \
            RESTLITE_PUBLIC_URL, RESTLITE_ALLOWED_HOST, \
            RESTLITE_LOCAL_IMAGES (true/false variables take 1/0, true/false, yes/no).

            The first line of standard output is always exactly 'restlite listening on \
            http://HOST:PORT' (the bound port, also with --port 0), written once the server \
            accepts connections; scripts may rely on it (docs/TESTING.md).

            The same port also serves offline stand-ins of the other web APIs the course app \
            calls, without a key: TheCatAPI at /thecatapi/v1 (pictures at /thecatapi/images), \
            PlaceKitten at /placekitten and dummyimage.com at /dummyimage. --local-images makes \
            the first seed of a new folder store photo URLs on these stand-ins, so the app \
            runs with no internet connection.

            RESTLITE_MMAP_SIZE (no flag; default 0) reads the database through a memory map \
            of that size, e.g. 1GiB: it helps scans of large collections, costs RSS.

            Only one server may use a data folder at a time. SIGINT (Ctrl-C) and SIGTERM stop \
            the server gracefully (exit 0).

            Examples:
              restlite serve
              restlite serve --port 0 --data-dir /tmp/cats --quiet
              restlite serve --apikey 5d9f48133cbe87164d4d0a3b   # your app's key
              RESTLITE_PORT=9000 restlite serve --strict --max-body 2MiB
              restlite serve --reset --yes
              restlite serve --memory --port 0 --port-file /tmp/port --apikey testkey0000000000000001
              restlite serve --memory --clock 2020-01-01T00:00:00Z+1s --id-seed 7
              restlite serve --port 0 --journal-size 200 --faults faults.json --fault-seed 7
              restlite serve --local-images --data-dir ./offline
              restlite serve --host 0.0.0.0 --public-url http://192.168.1.5:8080

            Admin routes for test suites live under /_restlite/ (full-access key): POST \
            /_restlite/reset, snapshots, the request journal and fault rules; see docs/CLI.md. \
            --no-admin [RESTLITE_NO_ADMIN] turns them off; --journal-size [RESTLITE_JOURNAL_SIZE], \
            --faults [RESTLITE_FAULTS], --fault-seed [RESTLITE_FAULT_SEED].

            The web console (restdb's data manager, on this port) opens at / in a browser; the \
            banner prints a single-use sign-in link (valid 5 minutes; the key never goes in a \
            URL). --no-console [RESTLITE_NO_CONSOLE] turns it off.
            """
    )

    @Option(help: "Address to listen on; 0.0.0.0 for every interface. [env RESTLITE_HOST; default 127.0.0.1]")
    var host: String?

    @Option(
        help: "Port to listen on; 0 picks a free one (the banner shows it). [env RESTLITE_PORT; default 8080]"
    )
    var port: String?

    @Option(
        help: ArgumentHelp(
            "The data folder: restlite.sqlite and keys.json. [env RESTLITE_DATA_DIR; default ./data]",
            valueName: "dir"))
    var dataDir: String?

    @Option(
        name: .customLong("apikey"),
        help: ArgumentHelp(
            "Accept this full-access key without writing it to keys.json; repeatable. [env RESTLITE_APIKEY]",
            valueName: "key"))
    var apikey: [String] = []

    @Option(
        name: .customLong("seed"),
        help: ArgumentHelp(
            "JSON file a new data folder's a3cats is imported from. [env RESTLITE_SEED; default seed/a3cats.json]",
            valueName: "file"))
    var seedFile: String?

    @Flag(help: "Start a new data folder empty, without the a3cats seed. [env RESTLITE_NO_SEED]")
    var noSeed = false

    @Flag(
        help:
            "Refuse writes to collections that do not exist (no auto-create) and Bearer keys. [env RESTLITE_STRICT]"
    )
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Largest request body: bytes, or 512KiB, 16MiB, 2MB. [env RESTLITE_MAX_BODY; default 16MiB]",
            valueName: "size"))
    var maxBody: String?

    @Option(
        help: ArgumentHelp(
            "Longest one query may run before it is answered 400: 2s, 500ms. [env RESTLITE_QUERY_BUDGET; default 2s]",
            valueName: "duration"))
    var queryBudget: String?

    @Option(
        help: ArgumentHelp(
            "Most request bytes buffered across all connections; beyond, 503. [env RESTLITE_MAX_BUFFERED; default 256MiB]",
            valueName: "size"))
    var maxBuffered: String?

    @Option(
        help: ArgumentHelp(
            "Longest a request body may take to arrive after its head; beyond, 408. [env RESTLITE_BODY_TIMEOUT; default 30s]",
            valueName: "duration"))
    var bodyTimeout: String?

    @Option(
        help: ArgumentHelp(
            "Most parts (files and fields) of one POST /media form; beyond, 413. [env RESTLITE_MAX_UPLOAD_PARTS; default 100]",
            valueName: "n"))
    var maxUploadParts: String?

    @Option(
        help: ArgumentHelp(
            "Most /realtime subscribers at once; beyond, 503. [env RESTLITE_MAX_SUBSCRIBERS; default 1000]",
            valueName: "n"))
    var maxSubscribers: String?

    @Option(
        help: ArgumentHelp(
            "Most /realtime subscribers of one API key at once; beyond, 503. [env RESTLITE_MAX_SUBSCRIBERS_PER_KEY; default 200]",
            valueName: "n"))
    var maxSubscribersPerKey: String?

    @Option(
        help: ArgumentHelp(
            """
            Most bytes queued for all /realtime subscribers together; beyond, the slowest are \
            disconnected. [env RESTLITE_REALTIME_QUEUE_BUDGET; default 64MiB]
            """,
            valueName: "size"))
    var realtimeQueueBudget: String?

    @Option(
        help: ArgumentHelp(
            "Most response bytes held for clients that read slowly; beyond, the slowest are closed. [env RESTLITE_MAX_QUEUED; default 64MiB]",
            valueName: "size"))
    var maxQueued: String?

    @Option(
        help: ArgumentHelp(
            "Largest stand-in picture, in pixels (width × height); beyond, 400. [env RESTLITE_MAX_PICTURE_PIXELS; default 4194304]",
            valueName: "n"))
    var maxPicturePixels: String?

    @Option(
        help: ArgumentHelp(
            "Largest encoded stand-in picture; beyond, 400. [env RESTLITE_MAX_PICTURE_BYTES; default 16MiB]",
            valueName: "size"))
    var maxPictureBytes: String?

    @Flag(help: "No access log on standard error. [env RESTLITE_QUIET]")
    var quiet = false

    @Flag(help: "Return a3cats to the seed before serving (asks on a terminal).")
    var reset = false

    @Flag(
        help: """
            Let other processes open the database while serving (restlite index, restlite export, \
            the sqlite3 shell); writes are slower. [env RESTLITE_SHARE_DATABASE]
            """)
    var shareDatabase = false

    @Flag(
        help:
            "Do not mount the /_restlite/ admin routes (reset, snapshots, journal, faults). [env RESTLITE_NO_ADMIN]"
    )
    var noAdmin = false

    @Flag(help: "Do not serve the web console at / and /_console/. [env RESTLITE_NO_CONSOLE]")
    var noConsole = false

    @Option(
        help: ArgumentHelp(
            "Requests the admin journal keeps; 0 turns it off. [env RESTLITE_JOURNAL_SIZE; default 1000]",
            valueName: "n"))
    var journalSize: String?

    @Option(
        help: ArgumentHelp(
            "JSON file with an array of fault rules in force from the start. [env RESTLITE_FAULTS]",
            valueName: "file"))
    var faults: String?

    @Option(
        help: ArgumentHelp(
            "Seed of the fault rules' probability draws, so runs repeat. [env RESTLITE_FAULT_SEED]",
            valueName: "n"))
    var faultSeed: String?

    @Flag(help: "With --reset: do not ask.")
    var yes = false

    @Flag(
        help: """
            Keep everything in memory: no data folder, no lock, nothing written; seeded at every \
            start, key from --apikey or made up and printed. [env RESTLITE_MEMORY]
            """)
    var memory = false

    @Option(
        help: ArgumentHelp(
            "Write the bound port number to this file once listening. [env RESTLITE_PORT_FILE]",
            valueName: "file"))
    var portFile: String?

    @Flag(
        name: .customLong("no-standins"),
        help: "Do not serve /thecatapi, /placekitten and /dummyimage. [env RESTLITE_NO_STANDINS]")
    var noStandIns = false

    @Flag(
        name: .customLong("no-auto-index"),
        help: """
            Never index a field by itself. By default a field that slow reads (over 5 ms) filter or \
            sort on three times gets an index, built in the background, listed by 'restlite index \
            list' and dropped after an hour unused. [env RESTLITE_NO_AUTO_INDEX]
            """)
    var noAutoIndex = false

    @Option(
        help: ArgumentHelp(
            """
            Time for _created, _changed and ids: fixed (2020-01-01T00:00:00Z) or stepping by each \
            read (2020-01-01T00:00:00Z+1s; ms, s, m, h). [env RESTLITE_CLOCK; default the system clock]
            """,
            valueName: "instant[+step]"))
    var clock: String?

    @Option(
        help: ArgumentHelp(
            "Derive new ids from this number, so runs repeat (with --clock). [env RESTLITE_ID_SEED]",
            valueName: "n"))
    var idSeed: String?

    @Option(
        help: ArgumentHelp(
            """
            Base of absolute URLs in answers and of --local-images photo URLs, such as \
            http://192.168.1.5:8080 for a phone on the LAN. [env RESTLITE_PUBLIC_URL; default: \
            the request's Host, and http://127.0.0.1:<port> for the seed]
            """,
            valueName: "url"))
    var publicURL: String?

    @Flag(
        help: """
            The first seed of a new data folder (and --reset) stores photo URLs on this server's \
            stand-ins instead of dummyimage.com, placekitten.com and cdn2.thecatapi.com. \
            [env RESTLITE_LOCAL_IMAGES]
            """)
    var localImages = false

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            """
            On a loopback address, also answer requests whose Host is this name (the loopback             names and the --public-url host are always answered; others get 403, a guard against             DNS rebinding); repeatable; '*' answers every name. [env RESTLITE_ALLOWED_HOST,             comma-separated]
            """,
            valueName: "name"))
    var allowedHost: [String] = []

    /// Flag and variable mistakes are found here, so ArgumentParser prints serve's usage.
    func validate() throws {
        _ = try resolvedConfiguration()
    }

    func run() async throws {
        var configuration = try resolvedConfiguration()
        if configuration.reset,
            !(try ResetConfirmation.confirm(dataDir: configuration.dataDirectory, yes: yes))
        {
            StandardError.write("Not resetting; serving the data as it is.\n")
            configuration.reset = false
        }
        let server = try await RestliteServer.openAndStart(configuration)
        server.http.installSignalHandlers()  // before the banner: a script may signal at once
        StandardError.write(server.banner().text, descriptor: 1)  // standard output
        server.http.waitUntilStopped()
    }

    private func resolvedConfiguration() throws -> ServeConfiguration {
        var overrides = ServeOverrides(
            host: host, port: port, dataDirectory: dataDir, apiKeys: apikey, seedFile: seedFile,
            noSeed: noSeed,
            strict: strict, maxBody: maxBody, quiet: quiet, reset: reset, shareDatabase: shareDatabase,
            noStandIns: noStandIns, publicURL: publicURL, localImages: localImages)
        overrides.memory = memory
        overrides.noAutoIndex = noAutoIndex
        overrides.portFile = portFile
        overrides.clock = clock
        overrides.idSeed = idSeed
        overrides.noAdmin = noAdmin
        overrides.noConsole = noConsole
        overrides.journalSize = journalSize
        overrides.faultsFile = faults
        overrides.faultSeed = faultSeed
        overrides.queryBudget = queryBudget
        overrides.maxBuffered = maxBuffered
        overrides.bodyTimeout = bodyTimeout
        overrides.allowedHosts = allowedHost
        overrides.maxUploadParts = maxUploadParts
        overrides.maxSubscribers = maxSubscribers
        overrides.maxSubscribersPerKey = maxSubscribersPerKey
        overrides.realtimeQueueBudget = realtimeQueueBudget
        overrides.maxQueued = maxQueued
        overrides.maxPicturePixels = maxPicturePixels
        overrides.maxPictureBytes = maxPictureBytes
        do {
            return try ServeConfiguration.resolve(overrides, environment: ProcessInfo.processInfo.environment)
        } catch let error as ServeError {
            throw ValidationError(error.description)
        }
    }
}
