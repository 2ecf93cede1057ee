import DataTransfer
import DocumentStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens a data folder's store for `restlite serve`, then seeds a new folder or resets on
/// request. The two steps are apart so the server can bind its port in between (a seed with
/// `--local-images` names the bound port). The caller deletes the database of a new folder
/// when either step fails, so the next start is again a first start.
enum StoreOpening {
    static func openStore(_ folder: DataFolder, _ configuration: ServeConfiguration) throws -> DocumentStore {
        var options = DocumentStore.Options()
        options.mmapBytes = configuration.mmapBytes
        options.processExclusive = !configuration.shareDatabase
        do {
            return try DocumentStore(path: folder.databaseURL.path, options: options)
        } catch {
            throw folder.describeOpenFailure(error)
        }
    }

    /// Seeds a new folder (or resets) when the configuration asks; returns the notes for the
    /// banner. `localImages` points photo URLs at the stand-ins.
    static func seed(
        _ store: DocumentStore, _ configuration: ServeConfiguration, from seed: SeedSource, wasNew: Bool,
        localImages: LocalImageURLs?
    ) async throws -> [String] {
        guard configuration.seeds, wasNew || configuration.reset else { return [] }
        let summary = try await seed.load(into: store, localImages: localImages)
        let verb = wasNew ? "new data folder: imported" : "reset: imported"
        let documents = Phrase.count(summary.rows, "document")
        let local = localImages.map { ", photo URLs on \($0.base)" } ?? ""
        return ["\(verb) \(documents) into \(SeedData.collection) from \(seed.label)\(local)"]
    }
}
