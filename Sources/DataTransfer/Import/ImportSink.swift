import DocumentStore

/// Where an import's documents go: the local store (`LocalStoreSink`), or a running server
/// (the `restlite` executable's `RemoteImportSink`, which needs `RestDBClient`).
///
/// An importer reads and checks the whole file before it calls `write`, so a sink sees only
/// documents that fit the schema. `write` must store every batch or none when it can (one
/// transaction); a sink that cannot (a server has no transaction across requests) must stop
/// at the first failed batch and say how many documents it had already stored.
public protocol ImportSink {
    /// The fields of `collection`'s schema; an empty array when it has no schema, nil when the
    /// collection does not exist.
    func existingFields(of collection: String) async throws -> [ImportField]?

    /// Stores all documents `batches` yields into `collection` as one unit: when anything
    /// fails, nothing is stored and the collection is as it was. A document the sink refuses
    /// is reported as an `ImportError` naming the record's line.
    func write(_ batches: ImportBatches, to collection: String, plan: ImportPlan) async throws
}

/// What a sink is asked to do besides inserting.
public struct ImportPlan: Sendable {
    /// The schema to create the collection with, when it is new (nil when it exists).
    public var newSchema: [ImportField]?
    /// Empty the collection first (inside the same transaction).
    public var replace: Bool
    /// Drop the collection first and create it again with `newSchema` (inside the same
    /// transaction), whatever schema it had.
    public var recreate: Bool
    /// Documents carry their `_id`, which the sink must keep.
    public var keepIds: Bool
    /// How many documents the file holds.
    public var totalRows: Int
}

/// Hands out the documents of an import in batches, reporting progress as they are taken.
public final class ImportBatches {
    private var reader: ImportReader
    private let batchSize: Int
    private let prepare: (ImportRecord) throws(ImportError) -> ImportRecord
    private let progress: (Int) -> Void
    /// The file the records come from, for error messages.
    public let file: String
    /// How many documents have been handed out so far.
    public private(set) var delivered = 0

    init(
        reader: ImportReader, file: String, batchSize: Int,
        prepare: @escaping (ImportRecord) throws(ImportError) -> ImportRecord,
        progress: @escaping (Int) -> Void
    ) {
        self.reader = reader
        self.file = file
        self.batchSize = max(1, batchSize)
        self.prepare = prepare
        self.progress = progress
    }

    /// The next batch of at most `batchSize` records (documents with their lines, ready to
    /// store), or nil when all were handed out.
    public func next() throws(ImportError) -> [ImportRecord]? {
        var batch: [ImportRecord] = []
        batch.reserveCapacity(batchSize)
        while batch.count < batchSize, let record = try reader.next() {
            batch.append(try prepare(record))
        }
        if batch.isEmpty { return nil }
        delivered += batch.count
        progress(delivered)
        return batch
    }
}
