/// What a read has worked out before it touches SQLite: the collection, the SQL condition of
/// its query and free-text filter, and how its page is best ordered.
struct ReadPlan {
    let info: CollectionInfo
    let condition: SQLFragment
    /// True when the query requires a string equality on a body field
    /// (`QueryNode.requiresStringEquality`): an unsorted page then reads the table in storage
    /// order and sorts its few matches by `_id`, instead of walking the `_id` index and
    /// looking every row up at random. Measured on 100,000 documents, un-indexed equality went
    /// from about 35 to 25 ms. A broad query (`{"rating":{"$gt":0}}`) keeps the walk, which
    /// stops as soon as the page is full.
    let scansStorageOrder: Bool
}
