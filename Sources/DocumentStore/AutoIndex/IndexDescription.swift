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

    /// The listing of a collection's indexes from the kinds both engines name them by (`v` and
    /// `s` declared, `av` and `as` automatic, and SQLite's tiers of automatic ones, `avt...` and
    /// `ast...`; `s` and `as...` serve sorting, the others filters): one entry per
    /// field and kind, with the purposes it serves, by field, declared before automatic.
    public static func listing(_ indexes: [(field: String, kind: String)]) -> [IndexDescription] {
        var purposes: [IndexDescription: Set<Purpose>] = [:]
        for index in indexes {
            let entry = IndexDescription(
                field: index.field, purposes: [], automatic: index.kind.hasPrefix("a"))
            let sorts = index.kind == "s" || index.kind.hasPrefix("as")
            purposes[entry, default: []].insert(sorts ? .sort : .filter)
        }
        return purposes.map { entry, served in
            IndexDescription(field: entry.field, purposes: served, automatic: entry.automatic)
        }.sorted { ($0.field, $0.automatic ? 1 : 0) < ($1.field, $1.automatic ? 1 : 0) }
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
