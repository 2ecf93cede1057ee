import DataTransfer
import DocumentJSON
import DocumentStore
import PlatformSupport
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens a data folder's store for `restlite serve`, then seeds a new folder (or an in-memory
/// store) or resets on request. The two steps are apart so the server can bind its port in
/// between (a seed with `--local-images` names the bound port). The caller deletes the database
/// of a new folder when either step fails, so the next start is again a first start.
enum StoreOpening {
    static func openStore(_ folder: DataFolder, _ configuration: ServeConfiguration) throws -> DocumentStore {
        do {
            return try DocumentStore(path: folder.databaseURL.path, options: storeOptions(configuration))
        } catch {
            throw folder.describeOpenFailure(error)
        }
    }

    /// The store options the configuration implies: the clock and id source of `--clock` and
    /// `--id-seed` (already checked by `ServeConfiguration.resolve`) and the query budget.
    static func storeOptions(_ configuration: ServeConfiguration) -> DocumentStore.Options {
        var options = DocumentStore.Options()
        options.mmapBytes = configuration.mmapBytes
        options.processExclusive = !configuration.shareDatabase
        if let clock = configuration.clock.flatMap(DocumentClock.parse) { options.clock = clock }
        if let seed = configuration.idSeed { options.ids = .seeded(seed) }
        options.queryBudget = configuration.queryBudget
        if configuration.autoIndex {
            var policy = AutoIndexPolicy()
            // Rare lines (an index built or dropped): written even with --quiet.
            policy.log = { line in StandardErrorLine.emit(line) }
            options.autoIndex = policy
        }
        return options
    }

    /// Seeds a new folder or an in-memory store (or resets) when the configuration asks;
    /// returns the notes for the banner. `localImages` points photo URLs at the stand-ins.
    static func seed(
        _ store: DocumentStore, _ configuration: ServeConfiguration, from seed: SeedSource, wasNew: Bool,
        localImages: LocalImageURLs?
    ) async throws -> [String] {
        if configuration.localImages, !wasNew, !configuration.reset {
            // Only a seed takes the flag; say so, or the app shows no pictures offline.
            return [
                "--local-images changes only a new folder's first seed: the photo URLs stored here stay "
                    + "as they are; point them at the stand-ins with: restlite photos local --data-dir "
                    + configuration.dataDirectory
            ]
        }
        guard configuration.seeds, wasNew || configuration.reset else { return [] }
        let summary = try await seed.load(into: store, localImages: localImages)
        let verb =
            configuration.memory
            ? "in memory: imported" : wasNew ? "new data folder: imported" : "reset: imported"
        let documents = Phrase.count(summary.rows, "document")
        let local = localImages.map { ", photo URLs on \($0.base)" } ?? ""
        return ["\(verb) \(documents) into \(SeedData.collection) from \(seed.label)\(local)"]
    }
}
