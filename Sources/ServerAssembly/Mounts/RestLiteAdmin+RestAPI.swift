import DocumentJSON
import DocumentStore
import MediaArchive
import RestDBAPI
import RestLiteAdmin
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RestLiteAdmin {
    /// The admin routes as a REST server mounts them: only full-access keys of `keys` get in,
    /// errors and fault answers have restdb's error body.
    public static func forRestAPI(store: any DocumentEngine, keys: KeyRing, options: Options = Options())
        throws
        -> RestLiteAdmin
    {
        try RestLiteAdmin(
            store: store, options: options,
            authorize: { request in
                let caller = keys.caller(of: request)
                if caller.credential == .none { return .missing }
                return caller.hasFullAccess ? .allowed : .forbidden
            },
            errorResponse: { status, message in
                RestAPI.protocolErrorResponse(HTTPStatus(code: status), message)
            })
    }

    /// Reset and named snapshots take the media archive's files with the documents.
    static func addMediaHooks(_ media: MediaStore, to options: inout Options) {
        options.resetHooks.append { ("media", try media.resetToStart()) }
        options.snapshotHooks.append(
            SnapshotHook(
                name: "media", capture: { try media.captureSnapshot() },
                restore: { value in try media.restore(snapshot: value as? Set<String> ?? []) }))
    }

    /// The admin of `restlite serve` with `configuration`; nil with `--no-admin`. `given`
    /// options (a test's) stand in for those the configuration sets.
    static func forServe(
        _ configuration: ServeConfiguration, store: any DocumentEngine, keys: KeyRing, media: MediaStore,
        options given: Options? = nil
    ) throws -> RestLiteAdmin? {
        guard configuration.admin else { return nil }
        if var options = given {
            addMediaHooks(media, to: &options)
            return try forRestAPI(store: store, keys: keys, options: options)
        }
        var options = try configuredOptions(configuration)
        addMediaHooks(media, to: &options)
        do {
            return try forRestAPI(store: store, keys: keys, options: options)
        } catch let error as FaultRuleError {
            throw ServeError.invalidSetting("--faults \(configuration.faultsFile ?? ""): \(error.message)")
        }
    }

    /// The journal and fault settings of `configuration`.
    private static func configuredOptions(_ configuration: ServeConfiguration) throws -> Options {
        var options = Options()
        options.journalSize = configuration.journalSize
        options.faultSeed = configuration.faultSeed
        if let path = configuration.faultsFile {
            options.faults = try loadFaults(path)
        }
        return options
    }

    /// A JSON array of fault rules.
    static func loadFaults(_ path: String) throws -> [JSONValue] {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ServeError.invalidSetting("--faults \(path): the file cannot be read")
        }
        guard let rules = (try? JSON.parse([UInt8](data)))?.arrayValue else {
            throw ServeError.invalidSetting(
                "--faults \(path): the file must hold a JSON array of fault rules")
        }
        return rules
    }
}
