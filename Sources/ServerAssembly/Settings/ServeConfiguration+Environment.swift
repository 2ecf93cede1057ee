import DocumentStore
import RestDBAPI
import StandIns

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ServeConfiguration {
    /// The environment variable behind each flag.
    public enum Variable: String, CaseIterable, Sendable {
        case host = "RESTLITE_HOST"
        case port = "RESTLITE_PORT"
        case dataDirectory = "RESTLITE_DATA_DIR"
        case apiKeys = "RESTLITE_APIKEY"
        case seedFile = "RESTLITE_SEED"
        case noSeed = "RESTLITE_NO_SEED"
        case strict = "RESTLITE_STRICT"
        case maxBody = "RESTLITE_MAX_BODY"
        case quiet = "RESTLITE_QUIET"
        /// Memory-mapped reads (`ServeConfiguration.mmapBytes`): 0 or a size such as 1GiB.
        case mmapSize = "RESTLITE_MMAP_SIZE"
        case shareDatabase = "RESTLITE_SHARE_DATABASE"
        case memory = "RESTLITE_MEMORY"
        case portFile = "RESTLITE_PORT_FILE"
        case clock = "RESTLITE_CLOCK"
        case idSeed = "RESTLITE_ID_SEED"
        case noAdmin = "RESTLITE_NO_ADMIN"
        case noConsole = "RESTLITE_NO_CONSOLE"
        case journalSize = "RESTLITE_JOURNAL_SIZE"
        case faults = "RESTLITE_FAULTS"
        case faultSeed = "RESTLITE_FAULT_SEED"
        case queryBudget = "RESTLITE_QUERY_BUDGET"
        case maxBuffered = "RESTLITE_MAX_BUFFERED"
        case bodyTimeout = "RESTLITE_BODY_TIMEOUT"
        case noStandIns = "RESTLITE_NO_STANDINS"
        case noAutoIndex = "RESTLITE_NO_AUTO_INDEX"
        case publicURL = "RESTLITE_PUBLIC_URL"
        /// The USDA stand-in answers a missing or malformed `api_key` with the gateway's 403.
        case usdaKeyCheck = "RESTLITE_USDA_KEY_CHECK"
        /// `--allowed-host`, comma-separated.
        case allowedHosts = "RESTLITE_ALLOWED_HOST"
        case localImages = "RESTLITE_LOCAL_IMAGES"
        case maxUploadParts = "RESTLITE_MAX_UPLOAD_PARTS"
        case maxSubscribers = "RESTLITE_MAX_SUBSCRIBERS"
        case maxSubscribersPerKey = "RESTLITE_MAX_SUBSCRIBERS_PER_KEY"
        case realtimeQueueBudget = "RESTLITE_REALTIME_QUEUE_BUDGET"
        case maxPicturePixels = "RESTLITE_MAX_PICTURE_PIXELS"
        case maxPictureBytes = "RESTLITE_MAX_PICTURE_BYTES"
        case maxQueued = "RESTLITE_MAX_QUEUED"
    }

    /// Combines the command line with the environment: a flag wins over its environment
    /// variable, which wins over the default. Empty environment values count as unset.
    ///
    /// ```swift
    /// let configuration = try ServeConfiguration.resolve(
    ///     ServeOverrides(port: "0"), environment: ["RESTLITE_PORT": "9000"])  // port 0
    /// ```
    public static func resolve(_ flags: ServeOverrides, environment: [String: String]) throws
        -> ServeConfiguration
    {
        let env = Environment(values: environment)
        var configuration = ServeConfiguration()
        configuration.host = flags.host ?? env[.host] ?? configuration.host
        if let port = flags.port ?? env[.port] { configuration.port = try parsePort(port) }
        configuration.dataDirectory =
            flags.dataDirectory ?? env[.dataDirectory] ?? configuration.dataDirectory
        configuration.apiKeys = try parseKeys(
            flags.apiKeys.isEmpty ? env[.apiKeys].map { [$0] } ?? [] : flags.apiKeys)
        configuration.seedFile = flags.seedFile ?? env[.seedFile]
        configuration.seeds = !(try flags.noSeed || env.flag(.noSeed))
        configuration.strict = try flags.strict || env.flag(.strict)
        if let size = flags.maxBody ?? env[.maxBody] { configuration.maxBodyBytes = try ByteSize.parse(size) }
        configuration.quiet = try flags.quiet || env.flag(.quiet)
        configuration.reset = flags.reset
        configuration.shareDatabase = try flags.shareDatabase || env.flag(.shareDatabase)
        try resolveLimits(flags, env, into: &configuration)
        configuration.standIns = !(try flags.noStandIns || env.flag(.noStandIns))
        configuration.autoIndex = !(try flags.noAutoIndex || env.flag(.noAutoIndex))
        configuration.usdaKeyCheck = try env.flag(.usdaKeyCheck)
        configuration.publicURL = try (flags.publicURL ?? env[.publicURL]).map(parsePublicURL)
        configuration.localImages = try flags.localImages || env.flag(.localImages)
        configuration.allowedHosts = try parseHostNames(
            flags.allowedHosts.isEmpty ? env[.allowedHosts].map { [$0] } ?? [] : flags.allowedHosts)
        if let size = env[.mmapSize] {
            configuration.mmapBytes =
                size.trimmingBlanks() == "0" ? 0 : try ByteSize.parse(size)
        }
        try resolveTestingSettings(flags, env, into: &configuration)
        try resolveAdmin(flags, env, into: &configuration)
        configuration.console = !(try flags.noConsole || env.flag(.noConsole))
        if configuration.reset && !configuration.seeds {
            throw ServeError.invalidSetting("--reset reloads the seed; it cannot go with --no-seed")
        }
        return configuration
    }

    /// `--memory`, `--port-file`, `--clock`, `--id-seed`: what makes a server a quick,
    /// repeatable test target.
    private static func resolveTestingSettings(
        _ flags: ServeOverrides, _ env: Environment, into configuration: inout ServeConfiguration
    ) throws {
        configuration.memory = try flags.memory || env.flag(.memory)
        configuration.portFile = flags.portFile ?? env[.portFile]
        configuration.clock = flags.clock ?? env[.clock]
        if let clock = configuration.clock, DocumentClock.parse(clock) == nil {
            throw ServeError.invalidSetting(
                "clock '\(clock)' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z, optionally followed "
                    + "by a step such as +1s, +250ms, +1m or +1h")
        }
        if let seed = flags.idSeed ?? env[.idSeed] {
            guard let value = UInt64(seed.trimmingBlanks()) else {
                throw ServeError.invalidSetting("id seed '\(seed)' is not a whole number from 0 to 2^64-1")
            }
            configuration.idSeed = value
        }
        if configuration.memory && configuration.reset {
            throw ServeError.invalidSetting(
                "--memory starts from the seed every time; --reset has nothing to do")
        }
    }

    /// The denial-of-service limits: query budget, buffered and queued bytes, body time, the
    /// stand-ins' picture size.
    private static func resolveLimits(
        _ flags: ServeOverrides, _ env: Environment, into configuration: inout ServeConfiguration
    ) throws {
        if let text = flags.queryBudget ?? env[.queryBudget] {
            configuration.queryBudget = try DurationSetting.parse(text, setting: "query budget")
        }
        if let text = flags.maxBuffered ?? env[.maxBuffered] {
            configuration.maxBufferedBytes = try ByteSize.parse(text, setting: "max buffered")
        }
        if let text = flags.bodyTimeout ?? env[.bodyTimeout] {
            configuration.bodyTimeout = try DurationSetting.parse(text, setting: "body timeout")
        }
        if let text = flags.maxQueued ?? env[.maxQueued] {
            configuration.maxQueuedBytes = try ByteSize.parse(text, setting: "max queued")
        }
        if let text = flags.maxPictureBytes ?? env[.maxPictureBytes] {
            configuration.pictureLimits.maxBytes = try ByteSize.parse(text, setting: "max picture bytes")
        }
        if let text = flags.maxPicturePixels ?? env[.maxPicturePixels] {
            guard let pixels = Int(text.trimmingBlanks()), pixels > 0 else {
                throw ServeError.invalidSetting(
                    "max picture pixels '\(text)' is not a whole number of pixels such as 4194304")
            }
            configuration.pictureLimits.maxPixels = pixels
        }
        try resolveCaps(flags, env, into: &configuration)
    }

    /// `--max-upload-parts`, `--max-subscribers`, `--max-subscribers-per-key`,
    /// `--realtime-queue-budget`: what one client may hold of the server.
    private static func resolveCaps(
        _ flags: ServeOverrides, _ env: Environment, into configuration: inout ServeConfiguration
    ) throws {
        if let text = flags.maxUploadParts ?? env[.maxUploadParts] {
            configuration.maxUploadParts = try parseCount(text, flag: "--max-upload-parts")
        }
        if let text = flags.maxSubscribers ?? env[.maxSubscribers] {
            configuration.maxSubscribers = try parseCount(text, flag: "--max-subscribers")
        }
        if let text = flags.maxSubscribersPerKey ?? env[.maxSubscribersPerKey] {
            configuration.maxSubscribersPerKey = try parseCount(text, flag: "--max-subscribers-per-key")
        }
        if let text = flags.realtimeQueueBudget ?? env[.realtimeQueueBudget] {
            configuration.realtimeQueueBytes = try ByteSize.parse(text, setting: "realtime queue budget")
        }
    }

    /// A whole number from 1 to 1,000,000.
    static func parseCount(_ text: String, flag: String) throws -> Int {
        guard let count = Int(text.trimmingBlanks()), (1...1_000_000).contains(count) else {
            throw ServeError.invalidSetting("\(flag) '\(text)' is not a whole number from 1 to 1000000")
        }
        return count
    }

    /// `http(s)://host[:port]` with nothing after but slashes, which are dropped.
    static func parsePublicURL(_ text: String) throws -> String {
        var url = Substring(text.trimmingBlanks())
        while url.hasSuffix("/") { url = url.dropLast() }
        let lowered = url.lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : (lowered.hasPrefix("http://") ? 7 : 0)
        let authority = url.dropFirst(scheme)
        guard scheme > 0, !authority.isEmpty, !authority.contains(where: { "/?# ".contains($0) }) else {
            throw ServeError.invalidSetting(
                "--public-url '\(text)' is not a base URL such as http://192.168.1.5:8080 (scheme, host, port)"
            )
        }
        return String(url)
    }

    /// `--allowed-host` values: names (or addresses) without scheme or path, each value may
    /// hold several separated by commas; a port is ignored.
    static func parseHostNames(_ values: [String]) throws -> [String] {
        let names = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingBlanks() }
            .filter { !$0.isEmpty }
        for name in names where name.contains(where: { "/?#@ \t".contains($0) }) {
            throw ServeError.invalidSetting(
                "--allowed-host '\(name)' is not a host name such as myapp.local or 192.168.1.5 (no scheme, no path)"
            )
        }
        return names
    }

    static func parsePort(_ text: String) throws -> Int {
        guard let port = Int(text.trimmingBlanks()), (0...65535).contains(port) else {
            throw ServeError.invalidSetting(
                "port '\(text)' is not a number from 0 to 65535 (0 picks a free port)")
        }
        return port
    }

    /// Each value may hold several keys separated by commas.
    static func parseKeys(_ values: [String]) throws -> [String] {
        let keys = values.flatMap { $0.split(separator: ",") }.map { $0.trimmingBlanks() }
            .filter { !$0.isEmpty }
        for key in keys {
            do { try KeyFile.validateKeyText(key) } catch {
                throw ServeError.invalidSetting("--apikey: \(error)")
            }
        }
        return keys
    }
}

extension ServeConfiguration {
    /// `--no-admin`, `--journal-size`, `--faults`, `--fault-seed` and their variables.
    fileprivate static func resolveAdmin(
        _ flags: ServeOverrides, _ env: Environment, into configuration: inout ServeConfiguration
    ) throws {
        configuration.admin = !(try flags.noAdmin || env.flag(.noAdmin))
        if let size = flags.journalSize ?? env[.journalSize] {
            guard let count = Int(size.trimmingBlanks()), (0...1_000_000).contains(count) else {
                throw ServeError.invalidSetting(
                    "--journal-size '\(size)' is not a number from 0 to 1000000 (0 turns the journal off)")
            }
            configuration.journalSize = count
        }
        configuration.faultsFile = flags.faultsFile ?? env[.faults]
        if let seed = flags.faultSeed ?? env[.faultSeed] {
            guard let value = UInt64(seed.trimmingBlanks()) else {
                throw ServeError.invalidSetting("--fault-seed '\(seed)' is not a whole number from 0")
            }
            configuration.faultSeed = value
        }
        if !configuration.admin && configuration.faultsFile != nil {
            throw ServeError.invalidSetting("--faults needs the admin routes; it cannot go with --no-admin")
        }
    }
}

/// Environment lookups where an empty value is the same as no value.
private struct Environment {
    let values: [String: String]

    subscript(_ variable: ServeConfiguration.Variable) -> String? {
        guard let value = values[variable.rawValue], !value.isEmpty else { return nil }
        return value
    }

    /// `1`, `true`, `yes`, `on` are true; `0`, `false`, `no`, `off` or unset are false.
    func flag(_ variable: ServeConfiguration.Variable) throws -> Bool {
        guard let value = self[variable]?.lowercased() else { return false }
        if ["1", "true", "yes", "on"].contains(value) { return true }
        if ["0", "false", "no", "off"].contains(value) { return false }
        throw ServeError.invalidSetting(
            "\(variable.rawValue)=\(value) is not one of 1, true, yes, 0, false, no")
    }
}
