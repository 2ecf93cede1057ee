/// When the store indexes a field by itself (`DocumentStore.Options.autoIndex`).
///
/// A read slower than `slowRead` that filters or sorts on a field counts against that field;
/// after `slowReadsBeforeIndex` such reads the field gets an automatic index, built on a
/// background thread. Automatic indexes are bounded (`maximumPerCollection`, `maximum`, and
/// collections of at most `maximumDocuments`), listed by `DocumentStore.indexes(of:)` and
/// removable like declared ones, and dropped by themselves once no read has used them for
/// `dropUnusedAfter`, or once the writes to their collection cost more than the index saved
/// the reads that used it (`writeCost`, weighed at each sweep over the time since the last).
public struct AutoIndexPolicy: Sendable {
    /// A read that takes longer counts as slow.
    public var slowRead: Duration = .milliseconds(5)
    /// Slow reads on one field before it is indexed.
    public var slowReadsBeforeIndex = 3
    /// Automatic indexes on one collection at most.
    public var maximumPerCollection = 4
    /// Automatic indexes in the whole store at most.
    public var maximum = 32
    /// Collections with more documents are not indexed automatically (the index would be large
    /// and slow to build); declare such indexes with `createIndex`.
    public var maximumDocuments = 2_000_000
    /// An automatic index no read has used for this long is dropped.
    public var dropUnusedAfter: Duration = .seconds(3600)
    /// How often, at most, the store looks for unused automatic indexes and weighs what each
    /// cost writes against what it saved reads (reads and writes both start a sweep that is due).
    public var sweepInterval: Duration = .seconds(60)
    /// What one write (an inserted, updated or deleted document) is taken to cost per automatic
    /// index on its collection that writes keep up to date. A sweep drops an index whose
    /// collection's writes since the last sweep cost more than the index saved the reads that
    /// used it (each read saves the time the slow reads before the index took, less its own).
    /// An index on a field every new document has cost a POST on SQLite about 30-40 us
    /// (docs/PERFORMANCE.md, "Automatic indexes"). SQLite's automatic indexes are now caught up
    /// instead (`catchUpRead`, `AutomaticTiers`) and charged the time their catch-ups took; this
    /// applies to PostgreSQL's and to whole ones in SQLite files from before the tiers.
    /// `.zero`: writes never drop an index. A field whose index was dropped this way needs twice
    /// as many slow reads again before it is indexed again (at most 64 times as many).
    public var writeCost: Duration = .microseconds(40)
    /// A read that used an automatic index and took longer tells the store that documents
    /// written since the index was built or last caught up cost it time: on SQLite, inserts do
    /// not write an automatic index, reads read the documents past it, and such a read
    /// makes the store catch the index up (`AutomaticTiers`) in the background.
    public var catchUpRead: Duration = .milliseconds(2)
    /// At most one catch-up of an index this often.
    public var catchUpInterval: Duration = .seconds(1)
    /// Documents past an index before a catch-up adds a tier for them.
    public var catchUpDocuments = 256
    /// Writes to a collection (inserts, updates, deletes) after which its indexes are caught up
    /// without waiting for a slow read: the first read after a long run of writes with no read
    /// then reads at most about this many documents past the index. A catch-up of 200,000
    /// documents took 230-340 ms per index (docs/PERFORMANCE.md), about 1.5 µs a document, where
    /// one index entry in a random place costs a POST about 30 µs.
    public var catchUpWrites = 200_000
    /// Told of every automatic index built or dropped, one line each (`restlite serve` prints
    /// them).
    public var log: @Sendable (String) -> Void = { _ in }

    public init() {}
}
