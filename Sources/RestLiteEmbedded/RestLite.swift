import DocumentStore
import RestDBAPI
import ServerAssembly
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// restlite inside a test process: a real HTTP server on a free loopback port, seeded, with a
/// full-access key, stopped when the scope ends.
///
/// ```swift
/// try await RestLite.withServer(seed: .builtIn) { server in
///     var request = URLRequest(url: server.baseURL.appendingPathComponent("rest/a3cats"))
///     request.setValue(server.apiKey, forHTTPHeaderField: "x-apikey")
///     let (data, _) = try await URLSession.shared.data(for: request)
/// }
/// ```
public enum RestLite {
    /// What the server's `a3cats` collection starts with.
    public enum Seed: Sendable, Equatable {
        /// The 100 a3cats rows built into restlite.
        case builtIn
        /// A JSON file in the seed's shape (an array of objects, or JSON lines).
        case file(URL)
        /// No collection at all.
        case empty
    }

    /// A running server, as a test sees it.
    public struct Server: Sendable {
        /// `http://127.0.0.1:PORT`; requests go to `baseURL/rest/<collection>`.
        public let baseURL: URL
        /// A full-access key: send it as `x-apikey`.
        public let apiKey: String
        /// The bound port.
        public let port: Int
        /// The store behind the server, for checks that bypass HTTP.
        public let store: any DocumentEngine
    }

    /// Settings beyond the seed; the defaults suit most tests.
    public struct Options: Sendable {
        /// Keep the data in memory (the default) or in a temporary data folder deleted at the end.
        public var memory = true
        /// The key to accept; nil makes one up.
        public var apiKey: String?
        /// `serve --clock`: `2020-01-01T00:00:00Z` or `2020-01-01T00:00:00Z+1s`; nil is real time.
        public var clock: String?
        /// `serve --id-seed`: repeatable ids.
        public var idSeed: UInt64?
        /// Refuse writes to collections that do not exist.
        public var strict = false
        /// Print the access log on standard error.
        public var accessLog = false

        public init(
            memory: Bool = true, apiKey: String? = nil, clock: String? = nil, idSeed: UInt64? = nil,
            strict: Bool = false, accessLog: Bool = false
        ) {
            self.memory = memory
            self.apiKey = apiKey
            self.clock = clock
            self.idSeed = idSeed
            self.strict = strict
            self.accessLog = accessLog
        }
    }

    /// The server of the innermost `withServer` scope or `.restlite` trait around this task.
    @TaskLocal public static var current: Server?

    /// Starts a server, runs `body` with it (also as `RestLite.current`), and stops it, whether
    /// `body` returns or throws.
    public static func withServer<T>(
        seed: Seed = .builtIn, memory: Bool = true, options: Options = Options(),
        isolation: isolated (any Actor)? = #isolation, _ body: (Server) async throws -> T
    ) async throws -> T {
        var options = options
        options.memory = memory
        let running = try await RunningServer.start(seed: seed, options: options)
        do {
            let result = try await $current.withValue(running.server) {
                try await body(running.server)
            }
            running.stop()
            return result
        } catch {
            running.stop()
            throw error
        }
    }
}

/// A started server and what stopping it must undo. For callers that cannot use a scope
/// (XCTest's `setUp`/`tearDown`): `start`, then `stop` in teardown.
public final class RunningServer: Sendable {
    public let server: RestLite.Server
    private let restlite: RestliteServer
    private let temporaryFolder: URL?

    private init(server: RestLite.Server, restlite: RestliteServer, temporaryFolder: URL?) {
        self.server = server
        self.restlite = restlite
        self.temporaryFolder = temporaryFolder
    }

    /// Opens, seeds and starts a server on 127.0.0.1 with a free port.
    public static func start(seed: RestLite.Seed = .builtIn, options: RestLite.Options = .init()) async throws
        -> RunningServer
    {
        var configuration = ServeConfiguration()
        configuration.port = 0
        configuration.quiet = !options.accessLog
        configuration.strict = options.strict
        configuration.memory = options.memory
        configuration.apiKeys = [options.apiKey ?? APIKey.generate()]
        configuration.idSeed = options.idSeed
        if let clock = options.clock {
            guard DocumentClock.parse(clock) != nil else {
                throw ServeError.invalidSetting(
                    "clock '\(clock)' is not like 2020-01-01T00:00:00Z or ...Z+1s")
            }
            configuration.clock = clock
        }
        switch seed {
        case .builtIn: configuration.seedFile = nil
        case .file(let url): configuration.seedFile = url.path
        case .empty: configuration.seeds = false
        }
        var folder: URL?
        if !options.memory {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "restlite-embedded-\(UUID().uuidString)")
            configuration.dataDirectory = url.path
            folder = url
        }
        do {
            let restlite = try await RestliteServer.open(configuration)
            let port = try restlite.start()
            let server = RestLite.Server(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, apiKey: configuration.apiKeys[0],
                port: port,
                store: restlite.store)
            return RunningServer(server: server, restlite: restlite, temporaryFolder: folder)
        } catch {
            if let folder { try? FileManager.default.removeItem(at: folder) }
            throw error
        }
    }

    /// Stops the server (requests in flight get a second to finish) and deletes its temporary
    /// data folder, if any. Later calls do nothing more.
    public func stop() {
        restlite.http.shutdown(grace: .seconds(1))
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }
}
