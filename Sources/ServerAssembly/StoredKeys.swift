import DocumentStore
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where `restlite serve` keeps its API keys: the data folder's `keys.json` on SQLite, the
/// database's key table when the engine is shared by several processes (PostgreSQL), so a key
/// added or removed on one process holds on all of them.
///
/// The first start on a database copies the data folder's `keys.json` and the `--apikey` keys
/// into the table, as a new folder's first start writes its key into `keys.json`; when none of
/// them has full access, a full-access key is created there. Later starts copy nothing (the
/// table is then the one place of the keys), and create a full-access key only when the table
/// has none and no `--apikey` was given, as with `keys.json`.
public enum StoredKeys {
    /// The key ring `restlite serve` (or a test's server) uses for `store`, and the banner's
    /// notes about keys this start stored.
    public static func open(
        for store: any DocumentEngine, _ folder: DataFolder, wasNew: Bool, _ configuration: ServeConfiguration
    ) throws -> (ring: KeyRing, notes: [String]) {
        guard let shared = store as? any SharedEngine else {
            let created = try ensureFullKey(folder, wasNew: wasNew, configuration)
            let ring = try KeyRing(file: folder.keysURL, fullAccessKeys: configuration.apiKeys)
            return (ring, created == nil ? [] : ["created a full-access key in \(folder.keysURL.path)"])
        }
        let source = DatabaseKeySource(table: shared.keyTable)
        let notes = try storeFirstKeys(source, folder, configuration)
        return (try KeyRing(source: source, fullAccessKeys: configuration.apiKeys), notes)
    }

    /// A new folder always gets a written key (so it works later without `--apikey`); an old one
    /// only when it has no full-access key and none was given on the command line.
    static func ensureFullKey(_ folder: DataFolder, wasNew: Bool, _ configuration: ServeConfiguration)
        throws -> String?
    {
        let existing = try KeyFile.load(from: folder.keysURL).keys
        if existing.contains(where: \.full) { return nil }
        if !wasNew && !configuration.apiKeys.isEmpty { return nil }
        return try KeyFile.addKey(inDataFolder: folder.url, full: true, note: "created by restlite serve").key
    }

    /// The database's first start: `keys.json`'s keys, the `--apikey` ones and (when none of
    /// those, nor a key added before the first start, has full access) a new full-access key go
    /// into the table. Later: a new full-access key only when the table has none and no
    /// `--apikey` was given.
    static func storeFirstKeys(
        _ source: DatabaseKeySource, _ folder: DataFolder, _ configuration: ServeConfiguration
    ) throws -> [String] {
        var initial = try KeyFile.load(from: folder.keysURL).keys
        let fromFile = initial.count
        for key in configuration.apiKeys where !initial.contains(where: { $0.key == key }) {
            initial.append(
                try KeyFile.makeKey(key: key, full: true, note: "given with --apikey at the first start"))
        }
        var created: APIKey?
        if !initial.contains(where: \.full), try !source.load().contains(where: \.full) {
            let key = try KeyFile.makeKey(full: true, note: "created by restlite serve")
            created = key
            initial.append(key)
        }
        if try source.addOnFirstStart(initial) {
            var notes = [
                "first start on this database: its keys are kept there from now on "
                    + "(\(fromFile) from keys.json, \(configuration.apiKeys.count) from --apikey)"
            ]
            if created != nil { notes.append("created a full-access key in the database") }
            return notes
        }
        let hasFullKey = try source.load().contains(where: \.full)
        guard configuration.apiKeys.isEmpty, !hasFullKey else { return [] }
        try source.add(try KeyFile.makeKey(full: true, note: "created by restlite serve"))
        return ["created a full-access key in the database (it had none)"]
    }
}
