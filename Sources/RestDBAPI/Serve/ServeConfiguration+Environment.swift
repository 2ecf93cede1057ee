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
        case queryBudget = "RESTLITE_QUERY_BUDGET"
        case maxBuffered = "RESTLITE_MAX_BUFFERED"
        case bodyTimeout = "RESTLITE_BODY_TIMEOUT"
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
        if let size = env[.mmapSize] {
            configuration.mmapBytes =
                size.trimmingBlanks() == "0" ? 0 : try ByteSize.parse(size)
        }
        if configuration.reset && !configuration.seeds {
            throw ServeError.invalidSetting("--reset reloads the seed; it cannot go with --no-seed")
        }
        return configuration
    }

    /// The denial-of-service limits: query budget, buffered bytes, body time.
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
