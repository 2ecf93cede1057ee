import ArgumentParser
import RestDBAPI

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
        // The generated line lists every option only while it fits; this one names the usual ones.
        usage:
            "restlite serve [--host <host>] [--port <port>] [--data-dir <dir>] [--apikey <key> ...] "
            + "[<options>]",
        discussion: """
            With no flags: listens on 127.0.0.1:8080 and keeps its data in ./data. A new data \
            folder gets the a3cats collection (seed/a3cats.json, or the copy built into the \
            binary when that file is absent) and a full-access key in keys.json. Every start \
            prints a banner with the URL, the collections, a key and a curl command.

            Each flag has an environment variable; a flag wins over its variable, which wins \
            over the default: RESTLITE_HOST, RESTLITE_PORT, RESTLITE_DATA_DIR, RESTLITE_APIKEY \
            (comma-separated), RESTLITE_SEED, RESTLITE_NO_SEED, RESTLITE_STRICT, \
            RESTLITE_MAX_BODY, RESTLITE_QUIET, RESTLITE_NO_STANDINS, RESTLITE_PUBLIC_URL, \
            RESTLITE_LOCAL_IMAGES (true/false variables take 1/0, true/false, yes/no).

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
              restlite serve --local-images --data-dir ./offline
              restlite serve --host 0.0.0.0 --public-url http://192.168.1.5:8080
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

    @Flag(help: "With --reset: do not ask.")
    var yes = false

    @Flag(
        name: .customLong("no-standins"),
        help: "Do not serve /thecatapi, /placekitten and /dummyimage. [env RESTLITE_NO_STANDINS]")
    var noStandIns = false

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
        let overrides = ServeOverrides(
            host: host, port: port, dataDirectory: dataDir, apiKeys: apikey, seedFile: seedFile,
            noSeed: noSeed,
            strict: strict, maxBody: maxBody, quiet: quiet, reset: reset, shareDatabase: shareDatabase,
            noStandIns: noStandIns, publicURL: publicURL, localImages: localImages)
        do {
            return try ServeConfiguration.resolve(overrides, environment: ProcessInfo.processInfo.environment)
        } catch let error as ServeError {
            throw ValidationError(error.description)
        }
    }
}
