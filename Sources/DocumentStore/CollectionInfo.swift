/// A collection as the store knows it.
public struct CollectionInfo: Sendable, Hashable {
    /// `collections.id`; its documents live in `"docs_<id>"`.
    public let id: Int64
    public let name: String
    /// `nil` for a schemaless collection.
    public let schema: CollectionSchema?
    /// Creation time, ms since the epoch.
    public let created: Int64

    /// The quoted documents table name.
    public var table: String { StorageLayout.documentTable(id) }

    package init(id: Int64, name: String, schema: CollectionSchema?, created: Int64) {
        self.id = id
        self.name = name
        self.schema = schema
        self.created = created
    }

    /// True when the schema has a unique field: writes then check the other documents.
    package var hasUniqueFields: Bool { schema?.fields.contains { $0.unique } ?? false }
}

/// A collection with its document count, as `GET /rest/_meta` lists them.
public struct CollectionSummary: Sendable, Hashable {
    public let name: String
    public let count: Int
    public let schema: CollectionSchema?

    package init(name: String, count: Int, schema: CollectionSchema?) {
        self.name = name
        self.count = count
        self.schema = schema
    }
}
