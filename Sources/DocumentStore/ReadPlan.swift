import DocumentQuery

/// What a read has worked out before it touches SQLite: the collection, the SQL condition of
/// its query and free-text filter, and how its page is best ordered.
struct ReadPlan {
    let info: CollectionInfo
    let condition: SQLFragment
    /// True when the query requires a string equality on a body field
    /// (`QueryNode.requiresStringEquality`): an unsorted page then walks the `_id` index only
    /// under a budget and otherwise reads the table in storage order and sorts the matches by
    /// `_id` (`DocumentStore.forEachPageRow`). Other queries always walk the index, which stops
    /// as soon as the page is full; without the pre-filter a full read would cost far more.
    let scansStorageOrder: Bool
    /// The fields the read filters and sorts on, worked out only when the store indexes by
    /// itself (`AutoIndexPolicy`) and the read has any.
    var fields: IndexableFields? = nil
    /// The upper bounds of the tiers of the automatic sort index on the first sort key
    /// (`AutomaticTiers`), when it has tiers: the page is then read tier by tier.
    var sortTiers: [Int64]? = nil
}
