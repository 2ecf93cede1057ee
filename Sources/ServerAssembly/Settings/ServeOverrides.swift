/// What the command line said about `restlite serve`, one value per `ServeSettings` entry; a
/// setting not given (false, nil or empty) leaves it to its environment variable or default.
/// Each setting of the table is a property here, by the table's name for it:
///
/// ```swift
/// var flags = ServeOverrides()
/// flags.port = "0"
/// flags.noConsole = true
/// flags.allowedHosts = ["myapp.local"]
/// let configuration = try ServeConfiguration.resolve(flags, environment: [:])
/// ```
@dynamicMemberLookup
public struct ServeOverrides: Sendable, Equatable {
    /// The values given, by `ServeSetting.key`; a setting not given has no entry.
    private var given: [String: any ServeSettingValue] = [:]

    /// The settings older callers name in one go; every other one is set as a property.
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

    public subscript<Value>(dynamicMember setting: KeyPath<ServeSettings, ServeSetting<Value>>) -> Value {
        get { self[ServeSettings.table[keyPath: setting]] }
        set { self[ServeSettings.table[keyPath: setting]] = newValue }
    }

    /// The command line's value of `setting`; `Value.notGiven` when it gave none.
    public subscript<Value>(setting: ServeSetting<Value>) -> Value {
        get { given[setting.key] as? Value ?? Value.notGiven }
        set { given[setting.key] = newValue == Value.notGiven ? nil : newValue }
    }

    public static func == (left: ServeOverrides, right: ServeOverrides) -> Bool {
        left.given.count == right.given.count
            && left.given.allSatisfy { key, value in value.isEqual(to: right.given[key]) }
    }
}

extension ServeSettingValue {
    fileprivate func isEqual(to other: (any ServeSettingValue)?) -> Bool {
        (other as? Self) == self
    }
}
