import RestDBAPI

/// What the command line said about `restlite serve`; nil (or false, or empty) means "not
/// given", so the environment variable or the default applies.
public struct ServeOverrides: Sendable, Equatable {
    public var host: String?
    public var port: String?
    public var dataDirectory: String?
    public var apiKeys: [String]
    public var seedFile: String?
    public var noSeed: Bool
    public var strict: Bool
    public var maxBody: String?
    public var quiet: Bool
    public var reset: Bool
    public var shareDatabase: Bool
    public var memory = false
    public var portFile: String?
    public var clock: String?
    public var idSeed: String?
    // Admin routes; set after `init`.
    public var noAdmin = false
    public var journalSize: String?
    public var faultsFile: String?
    public var faultSeed: String?
    /// `--query-budget`, `--max-buffered`, `--body-timeout` (set after `init`).
    public var queryBudget: String?
    public var maxBuffered: String?
    public var bodyTimeout: String?
    /// `--max-queued`, `--max-picture-pixels`, `--max-picture-bytes` (set after `init`).
    public var maxQueued: String?
    public var maxPicturePixels: String?
    public var maxPictureBytes: String?
    public var noStandIns: Bool
    /// `--no-auto-index` (set after `init`).
    public var noAutoIndex = false
    public var publicURL: String?
    public var localImages: Bool
    /// `--allowed-host`, repeatable (set after `init`).
    public var allowedHosts: [String] = []
    /// `--no-console` (set after `init`).
    public var noConsole = false
    /// `--max-upload-parts`, `--max-subscribers`, `--max-subscribers-per-key`,
    /// `--realtime-queue-budget` (set after `init`).
    public var maxUploadParts: String?
    public var maxSubscribers: String?
    public var maxSubscribersPerKey: String?
    public var realtimeQueueBudget: String?

    public init(
        host: String? = nil, port: String? = nil, dataDirectory: String? = nil, apiKeys: [String] = [],
        seedFile: String? = nil, noSeed: Bool = false, strict: Bool = false, maxBody: String? = nil,
        quiet: Bool = false, reset: Bool = false, shareDatabase: Bool = false, noStandIns: Bool = false,
        publicURL: String? = nil, localImages: Bool = false
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.apiKeys = apiKeys
        self.seedFile = seedFile
        self.noSeed = noSeed
        self.strict = strict
        self.maxBody = maxBody
        self.quiet = quiet
        self.reset = reset
        self.shareDatabase = shareDatabase
        self.noStandIns = noStandIns
        self.publicURL = publicURL
        self.localImages = localImages
    }
}
