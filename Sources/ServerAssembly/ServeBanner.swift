import RestDBAPI

/// The lines `restlite serve` prints once it listens. Pure, so a test can pin the text; the
/// first line (`restlite listening on URL`) and the `api key:` line are stable for scripts.
public struct ServeBanner: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: String
    /// The PostgreSQL database holding the documents (`--database`, password hidden); nil when
    /// they are in the data folder's SQLite file.
    public var database: String?
    /// Collection names with their document counts, in display order.
    public var collections: [(name: String, count: Int)]
    /// The full-access key to show, or nil when there is none.
    public var key: String?
    /// One-off news about this start (seeded, key created, reset).
    public var notes: [String]
    /// Path of the admin routes (`/_restlite`), or nil when they are off.
    public var adminPath: String?
    /// The base URL the stand-ins are listed under; nil when they are off.
    public var standInBase: String?
    /// The web console's sign-in link (a single-use code, never the key) and for how many
    /// minutes it works; nil when the console is off or there is no key.
    public var consoleLink: (url: String, minutes: Int)?

    public init(
        host: String, port: Int, dataDirectory: String, database: String? = nil,
        collections: [(name: String, count: Int)], key: String?, notes: [String] = [],
        standInBase: String? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.database = database
        self.collections = collections
        self.key = key
        self.notes = notes
        var base = standInBase.map { Substring($0) }
        while let value = base, value.hasSuffix("/") { base = value.dropLast() }
        self.standInBase = base.map(String.init)
    }

    /// The base URL a client on this machine uses: wildcard addresses become loopback, IPv6
    /// literals get brackets.
    public var url: String {
        let shown: String
        switch host {
        case "0.0.0.0", "": shown = "127.0.0.1"
        case "::", "[::]": shown = "[::1]"
        default: shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        }
        return "http://\(shown):\(port)"
    }

    /// The example request: a list of a3cats when present, else of the first collection; with
    /// no collection yet, a POST that creates a3cats (a GET would answer 404).
    func exampleRequest(key: String) -> String {
        let names = collections.map(\.name)
        guard let name = names.contains("a3cats") ? "a3cats" : names.first else {
            return "curl -H 'x-apikey: \(key)' -H 'content-type: application/json'"
                + #" -d '{"catName":"Felis catus"}' "# + "\(url)/rest/a3cats"
        }
        return "curl -H 'x-apikey: \(key)' \(url)/rest/\(name)"
    }

    /// The banner, ending with a newline.
    public var text: String {
        var lines = ["restlite listening on \(url)"]
        lines += notes.map { "  \($0)" }
        lines.append("data folder: \(dataDirectory)")
        if let database { lines.append("database: \(database) (PostgreSQL)") }
        let list = collections.map { "\($0.name) (\($0.count))" }.joined(separator: ", ")
        lines.append("collections: \(list.isEmpty ? "none yet" : list)")
        if let key {
            lines.append("api key: \(key)")
            lines.append("try: \(exampleRequest(key: key))")
        } else {
            lines.append("api key: none (add one with: restlite keys add --data-dir \(dataDirectory))")
        }
        if let consoleLink {
            lines.append(
                "console: \(consoleLink.url) (works once, within \(consoleLink.minutes) minutes; "
                    + "later: \(url)/ and the api key)")
        }
        if let adminPath {
            lines.append("admin: \(url)\(adminPath)/ (reset, snapshots, journal, faults; full-access key)")
        }
        if let standInBase {
            let paths = StandInRoutes.bases
            lines.append("stand-ins: \(standInBase)\(paths[0])  " + paths.dropFirst().joined(separator: "  "))
        }
        lines.append("Press Ctrl-C to stop.")
        return lines.joined(separator: "\n") + "\n"
    }
}
