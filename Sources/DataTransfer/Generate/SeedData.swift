import DocumentStore

/// The data a new data folder starts with: the `a3cats` collection as `seed/a3cats.json`
/// holds it. The file is the generator's output for a fixed seed (a test checks they agree),
/// so the binary carries no copy: it regenerates the same bytes.
///
/// ```swift
/// try await SeedData.reset(store)  // a3cats back to its 100 seed rows
/// ```
public enum SeedData {
    public static let collection = "a3cats"
    public static let rows = 100
    public static let seed: UInt64 = 2019

    /// The bytes of `seed/a3cats.json`.
    public static func a3catsJSON() -> [UInt8] {
        var output = MemoryOutput()
        try? A3CatsGenerator.write(rows: rows, seed: seed, to: &output)
        return output.bytes
    }

    /// Replaces `a3cats` with the seed rows and a schema inferred anew, in one transaction:
    /// the old collection is dropped inside the import's transaction, so a file that fails to
    /// import leaves `a3cats` exactly as it was. With `file`, that JSON file is imported
    /// instead of the built-in seed; with `localImages`, photo URLs point at the stand-ins.
    @discardableResult
    public static func reset(
        _ store: any DocumentEngine, file: String? = nil, localImages: LocalImageURLs? = nil
    )
        async throws -> ImportSummary
    {
        let bytes =
            try file.map { path throws(ImportError) in try FileInput.readAll(path: path) } ?? a3catsJSON()
        return try await Importer(
            options: ImportOptions(collection: collection, recreate: true, localImages: localImages)
        )
        .run(bytes: bytes, file: file ?? "seed/a3cats.json", into: LocalStoreSink(store: store))
    }
}
