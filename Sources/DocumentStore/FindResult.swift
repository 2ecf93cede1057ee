import DocumentJSON

/// The answer to a `FindRequest`.
public struct FindResult: Sendable {
    /// The page of documents (projected when `$fields` was given); empty for grouped reads.
    public var documents: [Document]
    /// How many documents match in all, when `totals` was asked; for grouped reads (always)
    /// how many groups there are.
    public var total: Int?
    /// For `groupBy`/`aggregates`: the page (`skip`, `max`) of groups, one object per group
    /// holding the group fields' values and each aggregate under its `outputKey`.
    public var groups: [JSONObject]?
    public var skip: Int
    public var max: Int

    package init(documents: [Document], total: Int?, groups: [JSONObject]?, skip: Int, max: Int) {
        self.documents = documents
        self.total = total
        self.groups = groups
        self.skip = skip
        self.max = max
    }

    /// Appends `[doc,doc,...]` to `bytes` from the stored bodies, without parsing them.
    public func renderJSONArray(metafields: Bool, into bytes: inout [UInt8]) {
        if let groups {
            JSONValue.array(groups.map(JSONValue.object)).write(to: &bytes)
            return
        }
        bytes.append(UInt8(ascii: "["))
        for (index, document) in documents.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            document.renderJSON(metafields: metafields, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
