import DocumentJSON
import DocumentQuery

/// A read of a collection: which documents (`query`, `filter`), in which order and page, and
/// in which shape (projection, grouping, totals). Mirrors restdb's `q`, `h`, `filter`,
/// `sort`/`dir`, `skip`/`max`, `totals`, `metafields`, `groupby`/`aggregate` parameters.
public struct FindRequest: Sendable {
    public var collection: String
    /// The raw `q` JSON; nil or `{}` matches every document.
    public var query: JSONValue?
    /// The raw `h` JSON. Its `$orderby`, `$fields`, `$max`, `$skip`, `$groupby`, `$aggregate`
    /// fill the matching properties below when those are left at their defaults.
    public var hints: JSONValue?
    /// Free text: case-insensitive substring match against every string value.
    public var filter: String?
    /// Sort keys, most significant first; ties (and an empty list) fall back to `_id` order.
    public var sort: [SortKey]
    public var skip: Int
    public var max: Int
    /// `$fields`: which top-level fields to keep or drop (`_id` is kept unless excluded).
    public var fields: FieldSelection?
    /// Fields to group by; with `aggregates`, the result has `groups` instead of documents.
    public var groupBy: [String]
    public var aggregates: [Aggregate]
    /// Also count every match (`totals=true`).
    public var totals: Bool
    /// Carried for the renderer: include system fields in output.
    public var metafields: Bool

    public init(
        collection: String, query: JSONValue? = nil, hints: JSONValue? = nil, filter: String? = nil,
        sort: [SortKey] = [], skip: Int = 0, max: Int = DocumentStore.defaultMax,
        fields: FieldSelection? = nil,
        groupBy: [String] = [], aggregates: [Aggregate] = [], totals: Bool = false, metafields: Bool = false
    ) {
        self.collection = collection
        self.query = query
        self.hints = hints
        self.filter = filter
        self.sort = sort
        self.skip = skip
        self.max = max
        self.fields = fields
        self.groupBy = groupBy
        self.aggregates = aggregates
        self.totals = totals
        self.metafields = metafields
    }
}
