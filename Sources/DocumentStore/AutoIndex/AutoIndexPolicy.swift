/// When the store indexes a field by itself (`DocumentStore.Options.autoIndex`).
///
/// A read slower than `slowRead` that filters or sorts on a field counts against that field;
/// after `slowReadsBeforeIndex` such reads the field gets an automatic index, built on a
/// background thread. Automatic indexes are bounded (`maximumPerCollection`, `maximum`, and
/// collections of at most `maximumDocuments`), listed by `DocumentStore.indexes(of:)` and
/// removable like declared ones, and dropped by themselves once no read has used them for
/// `dropUnusedAfter`.
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
    /// How often, at most, the store looks for unused automatic indexes.
    public var sweepInterval: Duration = .seconds(60)
    /// Told of every automatic index built or dropped, one line each (`restlite serve` prints
    /// them).
    public var log: @Sendable (String) -> Void = { _ in }

    public init() {}
}
