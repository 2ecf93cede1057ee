import DocumentStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens a data folder's store for `restlite serve`: seeds a new folder, resets on request,
/// and never leaves a half-made database behind (a failed first seed deletes the file, so the
/// next start is again a first start).
struct StoreOpening {
    let store: DocumentStore
    /// The folder had no database before this start.
    let wasNew: Bool
    /// What happened, for the banner.
    let notes: [String]

    static func open(_ folder: DataFolder, configuration: ServeConfiguration) async throws -> StoreOpening {
        let seed = try SeedSource(configured: configuration.seedFile)
        let wasNew = folder.isNew
        do {
            let (store, notes) = try await openAndSeed(folder, configuration, seed: seed, wasNew: wasNew)
            return StoreOpening(store: store, wasNew: wasNew, notes: notes)
        } catch {
            if wasNew { removeDatabase(of: folder) }
            throw error
        }
    }

    private static func openAndSeed(
        _ folder: DataFolder, _ configuration: ServeConfiguration, seed: SeedSource, wasNew: Bool
    ) async throws -> (DocumentStore, [String]) {
        var options = DocumentStore.Options()
        options.mmapBytes = configuration.mmapBytes
        options.processExclusive = !configuration.shareDatabase
        let store = try DocumentStore(path: folder.databaseURL.path, options: options)
        guard configuration.seeds, wasNew || configuration.reset else { return (store, []) }
        let summary = try await SeedData.reset(store, file: seed.file)
        let verb = wasNew ? "new data folder: imported" : "reset: imported"
        return (store, ["\(verb) \(summary.rows) documents into \(SeedData.collection) from \(seed.label)"])
    }

    private static func removeDatabase(of folder: DataFolder) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: folder.databaseURL.path + suffix)
        }
    }
}

/// Where the seed rows come from: a file, or the copy built into the binary.
struct SeedSource {
    /// The file to import; nil means the built-in seed.
    let file: String?

    /// An explicit file must exist; without one, `seed/a3cats.json` is used when present in
    /// the working directory (a checkout), else the built-in copy (a Docker image).
    init(configured: String?) throws {
        if let configured {
            guard FileManager.default.fileExists(atPath: configured) else {
                throw ServeError.seedFileMissing(path: configured)
            }
            file = configured
        } else {
            let fallback = ServeConfiguration.defaultSeedFile
            file = FileManager.default.fileExists(atPath: fallback) ? fallback : nil
        }
    }

    var label: String { file ?? "the built-in seed (same rows as \(ServeConfiguration.defaultSeedFile))" }
}
