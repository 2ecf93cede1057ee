import DocumentStore
import RestDBAPI
import StandIns

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ServeConfiguration {
    /// Combines the command line with the environment, setting by setting in the order of
    /// `ServeSettings`: a flag wins over its environment variable, which wins over the default.
    /// Empty environment values count as unset.
    ///
    /// ```swift
    /// let configuration = try ServeConfiguration.resolve(
    ///     ServeOverrides(port: "0"), environment: ["RESTLITE_PORT": "9000"])  // port 0
    /// ```
    public static func resolve(_ flags: ServeOverrides, environment: [String: String]) throws
        -> ServeConfiguration
    {
        var configuration = ServeConfiguration()
        for entry in ServeSettings.entries {
            try entry.setting.apply(flags, environment: environment, to: &configuration)
        }
        try configuration.checkCombinations()
        return configuration
    }

    /// Settings that are each fine but cannot go together.
    private func checkCombinations() throws {
        if memory && reset {
            throw ServeError.invalidSetting(
                "--memory starts from the seed every time; --reset has nothing to do")
        }
        if !admin && faultsFile != nil {
            throw ServeError.invalidSetting("--faults needs the admin routes; it cannot go with --no-admin")
        }
        if memory && databaseURL != nil {
            throw ServeError.invalidSetting(
                "--memory keeps the documents in memory; it cannot go with --database")
        }
        if reset && !seeds {
            throw ServeError.invalidSetting("--reset reloads the seed; it cannot go with --no-seed")
        }
    }

    /// `--database`: a `postgres://` or `postgresql://` URL (libpq's form, as
    /// `postgres://user:password@host:5432/db?sslmode=disable`).
    static func parseDatabaseURL(_ text: String) throws -> String {
        let url = text.trimmingBlanks()
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw ServeError.invalidSetting(
                "database '\(text)' is not a PostgreSQL URL such as postgres://user@127.0.0.1:5432/restlite; "
                    + "without --database the documents are in the data folder's SQLite file")
        }
        return url
    }

    /// `--clock`: an ISO 8601 instant, optionally with a step.
    static func parseClock(_ text: String) throws -> String {
        guard DocumentClock.parse(text) != nil else {
            throw ServeError.invalidSetting(
                "clock '\(text)' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z, optionally followed "
                    + "by a step such as +1s, +250ms, +1m or +1h")
        }
        return text
    }

    /// `--max-picture-pixels`: a positive whole number.
    static func parsePixels(_ text: String) throws -> Int {
        guard let pixels = Int(text.trimmingBlanks()), pixels > 0 else {
            throw ServeError.invalidSetting(
                "max picture pixels '\(text)' is not a whole number of pixels such as 4194304")
        }
        return pixels
    }

    /// `--journal-size`: 0 to 1,000,000.
    static func parseJournalSize(_ text: String) throws -> Int {
        guard let count = Int(text.trimmingBlanks()), (0...1_000_000).contains(count) else {
            throw ServeError.invalidSetting(
                "--journal-size '\(text)' is not a number from 0 to 1000000 (0 turns the journal off)")
        }
        return count
    }

    /// A whole number from 1 to `most` (1,000,000 unless said).
    static func parseCount(_ text: String, flag: String, most: Int = 1_000_000) throws -> Int {
        guard let count = Int(text.trimmingBlanks()), (1...most).contains(count) else {
            throw ServeError.invalidSetting("\(flag) '\(text)' is not a whole number from 1 to \(most)")
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
