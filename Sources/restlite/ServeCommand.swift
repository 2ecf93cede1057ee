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
            over the default: \(ServeSettings.variableList) (true/false variables take 1/0, \
            true/false, yes/no).

            The first line of standard output is always exactly 'restlite listening on \
            http://HOST:PORT' (the bound port, also with --port 0), written once the server \
            accepts connections; scripts may rely on it (docs/TESTING.md).

            The same port also serves offline stand-ins of the other web APIs the course app \
            calls, without a key: TheCatAPI at /thecatapi/v1 (pictures at /thecatapi/images), \
            PlaceKitten at /placekitten and dummyimage.com at /dummyimage. --local-images makes \
            the first seed of a new folder store photo URLs on these stand-ins, so the app \
            runs with no internet connection.

            \(environmentOnlyHelp)

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

    // One property per row of `ServeSettings`, in its order and under its name; `overrides`
    // collects them by name (RestliteCLITests check that each row has its option).
    @Option(name: .serve(\.host), help: .serve(\.host)) var host: String?
    @Option(name: .serve(\.port), help: .serve(\.port)) var port: String?
    @Option(name: .serve(\.dataDirectory), help: .serve(\.dataDirectory)) var dataDirectory: String?
    @Option(name: .serve(\.database), help: .serve(\.database)) var database: String?
    @Option(name: .serve(\.databaseConnections), help: .serve(\.databaseConnections))
    var databaseConnections: String?
    @Option(name: .serve(\.apiKeys), help: .serve(\.apiKeys)) var apiKeys: [String] = []
    @Option(name: .serve(\.seedFile), help: .serve(\.seedFile)) var seedFile: String?
    @Flag(name: .serve(\.noSeed), help: .serve(\.noSeed)) var noSeed = false
    @Flag(name: .serve(\.strict), help: .serve(\.strict)) var strict = false
    @Option(name: .serve(\.maxBody), help: .serve(\.maxBody)) var maxBody: String?
    @Flag(name: .serve(\.quiet), help: .serve(\.quiet)) var quiet = false
    @Flag(name: .serve(\.shareDatabase), help: .serve(\.shareDatabase)) var shareDatabase = false
    @Option(name: .serve(\.queryBudget), help: .serve(\.queryBudget)) var queryBudget: String?
    @Option(name: .serve(\.maxBuffered), help: .serve(\.maxBuffered)) var maxBuffered: String?
    @Option(name: .serve(\.bodyTimeout), help: .serve(\.bodyTimeout)) var bodyTimeout: String?
    @Option(name: .serve(\.maxUploadParts), help: .serve(\.maxUploadParts)) var maxUploadParts: String?
    @Option(name: .serve(\.maxSubscribers), help: .serve(\.maxSubscribers)) var maxSubscribers: String?
    @Option(name: .serve(\.maxSubscribersPerKey), help: .serve(\.maxSubscribersPerKey))
    var maxSubscribersPerKey: String?
    @Option(name: .serve(\.realtimeQueueBudget), help: .serve(\.realtimeQueueBudget))
    var realtimeQueueBudget: String?
    @Option(name: .serve(\.maxQueued), help: .serve(\.maxQueued)) var maxQueued: String?
    @Option(name: .serve(\.maxPicturePixels), help: .serve(\.maxPicturePixels)) var maxPicturePixels: String?
    @Option(name: .serve(\.maxPictureBytes), help: .serve(\.maxPictureBytes)) var maxPictureBytes: String?
    @Flag(name: .serve(\.reset), help: .serve(\.reset)) var reset = false
    @Flag(name: .serve(\.yes), help: .serve(\.yes)) var yes = false
    @Flag(name: .serve(\.memory), help: .serve(\.memory)) var memory = false
    @Option(name: .serve(\.portFile), help: .serve(\.portFile)) var portFile: String?
    @Option(name: .serve(\.clock), help: .serve(\.clock)) var clock: String?
    @Option(name: .serve(\.idSeed), help: .serve(\.idSeed)) var idSeed: String?
    @Flag(name: .serve(\.noConsole), help: .serve(\.noConsole)) var noConsole = false
    @Flag(name: .serve(\.noAdmin), help: .serve(\.noAdmin)) var noAdmin = false
    @Option(name: .serve(\.journalSize), help: .serve(\.journalSize)) var journalSize: String?
    @Option(name: .serve(\.faultsFile), help: .serve(\.faultsFile)) var faultsFile: String?
    @Option(name: .serve(\.faultSeed), help: .serve(\.faultSeed)) var faultSeed: String?
    @Flag(name: .serve(\.noStandIns), help: .serve(\.noStandIns)) var noStandIns = false
    @Flag(name: .serve(\.noAutoIndex), help: .serve(\.noAutoIndex)) var noAutoIndex = false
    @Option(name: .serve(\.publicURL), help: .serve(\.publicURL)) var publicURL: String?
    @Option(name: .serve(\.allowedHosts), help: .serve(\.allowedHosts)) var allowedHosts: [String] = []
    @Flag(name: .serve(\.localImages), help: .serve(\.localImages)) var localImages = false

    /// Prints docs/CLI.md's table of these settings (`ServeSettings.markdownTable`).
    @Flag(help: .hidden) var helpMarkdown = false

    /// Flag and variable mistakes are found here, so ArgumentParser prints serve's usage.
    func validate() throws {
        if !helpMarkdown { _ = try resolvedConfiguration() }
    }

    func run() async throws {
        if helpMarkdown {
            StandardError.write(ServeSettings.markdownTable, descriptor: 1)
            return
        }
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
        do {
            return try ServeConfiguration.resolve(
                overrides(), environment: ProcessInfo.processInfo.environment)
        } catch let error as ServeError {
            throw ValidationError(error.description)
        }
    }

    /// The command line's values, collected by name from the options above.
    func overrides() -> ServeOverrides {
        var overrides = ServeOverrides()
        for child in Mirror(reflecting: self).children {
            guard let label = child.label, let entry = ServeSettings.entry(named: String(label.dropFirst())),
                let value = Self.parsedValue(of: child.value)
            else { continue }
            _ = entry.setting.record(commandLineValue: value, in: &overrides)
        }
        return overrides
    }

    /// The value of a parsed `@Option` or `@Flag` of the kinds settings have; nil for others.
    static func parsedValue(of wrapper: Any) -> Any? {
        switch wrapper {
        case let flag as Flag<Bool>: flag.wrappedValue as Any
        case let option as Option<String?>: option.wrappedValue as Any
        case let option as Option<[String]>: option.wrappedValue as Any
        default: nil
        }
    }

    /// `--help`'s lines on the variables that have no flag.
    private static var environmentOnlyHelp: String {
        ServeSettings.environmentOnly.map {
            "\($0.variable ?? "") (no flag): \($0.helpLine(namingVariable: false))"
        }
        .joined(separator: "\n")
    }
}

extension NameSpecification {
    /// The long flag of a row of `ServeSettings`.
    static func serve<Value>(_ row: KeyPath<ServeSettings, ServeSetting<Value>>) -> NameSpecification {
        .customLong(ServeSettings.table[keyPath: row].flag ?? "")
    }
}

extension ArgumentHelp {
    /// The help of a row of `ServeSettings`, with its variable and default.
    static func serve<Value>(_ row: KeyPath<ServeSettings, ServeSetting<Value>>) -> ArgumentHelp {
        let setting = ServeSettings.table[keyPath: row]
        return ArgumentHelp(setting.commandLineHelp, valueName: setting.valueName)
    }
}
