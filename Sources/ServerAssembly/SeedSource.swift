import DataTransfer
import DocumentStore
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the seed rows come from, and loading them: the one rule and the one code path that
/// `restlite serve` (first start, `--reset`) and `restlite reset` share.
///
/// The rule: a file given on the command line (it must exist); without one,
/// `seed/a3cats.json` when that file is in the working directory (a checkout, the Docker
/// image's `/app`); else the identical rows built into the binary.
///
/// ```swift
/// let source = try SeedSource(configured: nil)   // seed/a3cats.json or the built-in rows
/// let summary = try await source.load(into: store)
/// print("\(summary.rows) rows from \(source.label)")
/// ```
public struct SeedSource: Sendable, Equatable {
    /// The file to import; nil means the built-in seed.
    public let file: String?

    /// Applies the rule above; throws `ServeError.seedFileMissing` for a configured file that
    /// is not there.
    public init(configured: String?) throws {
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

    /// Where the rows come from, for messages: the file, or the built-in seed.
    public var label: String {
        file ?? "the built-in seed (same rows as \(ServeConfiguration.defaultSeedFile))"
    }

    /// Replaces `a3cats` with these rows and a freshly inferred schema, in one transaction
    /// (`SeedData.reset`): a file that fails to import leaves `a3cats` as it was. With
    /// `localImages`, photo URLs point at the stand-ins (`--local-images`).
    @discardableResult
    public func load(into store: any DocumentEngine, localImages: LocalImageURLs? = nil) async throws
        -> ImportSummary
    {
        try await SeedData.reset(store, file: file, localImages: localImages)
    }
}
