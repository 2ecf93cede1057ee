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
