import DataTransfer
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

    /// `--memory`: a new in-memory store, seeded unless `--no-seed`.
    static func openInMemory(configuration: ServeConfiguration) async throws -> StoreOpening {
        let seed = try SeedSource(configured: configuration.seedFile)
        let store = try DocumentStore.inMemory(options: storeOptions(configuration))
        guard configuration.seeds else {
            return StoreOpening(store: store, wasNew: true, notes: ["in memory"])
        }
        let summary = try await seed.load(into: store)
        let documents = Phrase.count(summary.rows, "document")
        return StoreOpening(
            store: store, wasNew: true,
            notes: ["in memory: imported \(documents) into \(SeedData.collection) from \(seed.label)"])
    }

    /// The store options the configuration implies: the clock and id source of `--clock` and
    /// `--id-seed` (already checked by `ServeConfiguration.resolve`).
    static func storeOptions(_ configuration: ServeConfiguration) -> DocumentStore.Options {
        var options = DocumentStore.Options()
        options.mmapBytes = configuration.mmapBytes
        options.processExclusive = !configuration.shareDatabase
        if let clock = configuration.clock.flatMap(DocumentClock.parse) { options.clock = clock }
        if let seed = configuration.idSeed { options.ids = .seeded(seed) }
        options.queryBudget = configuration.queryBudget
        return options
    }

    static func open(_ folder: DataFolder, configuration: ServeConfiguration) async throws -> StoreOpening {
        let seed = try SeedSource(configured: configuration.seedFile)
        let wasNew = folder.isNew
        do {
            let (store, notes) = try await openAndSeed(folder, configuration, seed: seed, wasNew: wasNew)
            return StoreOpening(store: store, wasNew: wasNew, notes: notes)
        } catch {
            if wasNew { folder.removeDatabase() }
            throw error
        }
    }

    private static func openAndSeed(
        _ folder: DataFolder, _ configuration: ServeConfiguration, seed: SeedSource, wasNew: Bool
    ) async throws -> (DocumentStore, [String]) {
        let store: DocumentStore
        do {
            store = try DocumentStore(path: folder.databaseURL.path, options: storeOptions(configuration))
        } catch {
            throw folder.describeOpenFailure(error)
        }
        guard configuration.seeds, wasNew || configuration.reset else { return (store, []) }
        let summary = try await seed.load(into: store)
        let verb = wasNew ? "new data folder: imported" : "reset: imported"
        let documents = Phrase.count(summary.rows, "document")
        return (store, ["\(verb) \(documents) into \(SeedData.collection) from \(seed.label)"])
    }
}
