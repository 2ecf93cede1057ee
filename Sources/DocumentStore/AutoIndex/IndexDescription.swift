/// One field index of a collection, as `DocumentStore.indexes(of:)` lists it.
public struct IndexDescription: Sendable, Hashable {
    /// What the index serves.
    public enum Purpose: String, Sendable, Hashable {
        /// Equality, `$in` and ranges on the field (and the unique check).
        case filter
        /// Sorting on the field.
        case sort
    }

    /// The dotted field path.
    public let field: String
    /// Filter, sort, or both (a declared index is both).
    public let purposes: Set<Purpose>
    /// True when the store created it by itself (`AutoIndexPolicy`), false when declared
    /// (`createIndex`, `restlite index add`) or made for a unique field.
    public let automatic: Bool

    public init(field: String, purposes: Set<Purpose>, automatic: Bool) {
        self.field = field
        self.purposes = purposes
        self.automatic = automatic
    }
}

/// How reads used one automatic index since the process started (`IndexingEngine.indexUses`):
/// what `GET /_restlite/indexes` and the console show beside it.
public struct IndexUse: Sendable, Hashable {
    /// The dotted field path.
    public let field: String
    /// The index's purpose (an automatic index serves one).
    public let purpose: IndexDescription.Purpose
    /// Reads that filtered or sorted on the field since the index was built or the process
    /// started.
    public let reads: Int
    /// When the last of them ran, in ms since the epoch.
    public let lastRead: Int64

    public init(field: String, purpose: IndexDescription.Purpose, reads: Int, lastRead: Int64) {
        self.field = field
        self.purpose = purpose
        self.reads = reads
        self.lastRead = lastRead
    }
}
