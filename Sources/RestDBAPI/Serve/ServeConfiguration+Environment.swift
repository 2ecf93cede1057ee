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
        case noStandIns = "RESTLITE_NO_STANDINS"
        case publicURL = "RESTLITE_PUBLIC_URL"
        case localImages = "RESTLITE_LOCAL_IMAGES"
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
        configuration.standIns = !(try flags.noStandIns || env.flag(.noStandIns))
        configuration.publicURL = try (flags.publicURL ?? env[.publicURL]).map(parsePublicURL)
        configuration.localImages = try flags.localImages || env.flag(.localImages)
        if let size = env[.mmapSize] {
            configuration.mmapBytes =
                size.trimmingBlanks() == "0" ? 0 : try ByteSize.parse(size)
        }
        if configuration.reset && !configuration.seeds {
            throw ServeError.invalidSetting("--reset reloads the seed; it cannot go with --no-seed")
        }
        return configuration
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
