extension QueryNode {
    /// True when every match must equal a string in a document field: the node is such an
    /// equality, or an `and` with one among its terms. The compiled condition then starts with
    /// the `restlite_has` pre-filter, so testing every row costs little more than reading it:
    /// a page of such a query may read the table in storage order and sort the matches instead
    /// of walking the `_id` index (`DocumentStore.forEachPageRow`).
    package var requiresStringEquality: Bool {
        switch self {
        case .match(let path, .equals(.string)):
            // `_id`, `_created`, ... are columns: no pre-filter there.
            path.segments.count > 1 || SystemColumn(field: path.segments[0]) == nil
        case .and(let nodes): nodes.contains { $0.requiresStringEquality }
        default: false
        }
    }
}
