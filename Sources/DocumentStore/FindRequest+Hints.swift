extension FindRequest {
    /// The request with `hints` (`h`) folded into the explicit properties; explicit values
    /// already set win.
    func resolvingHints() throws(StoreError) -> FindRequest {
        guard let hints else { return self }
        guard case .object(let object) = hints else {
            throw .badRequest("h must be a JSON object such as {\"$orderby\":{\"name\":1}}.")
        }
        var resolved = self
        if sort.isEmpty, case .object(let orderBy) = object["$orderby"] {
            resolved.sort = orderBy.map {
                SortKey(path: $0.key, ascending: ($0.value.numberValue?.doubleValue ?? 1) >= 0)
            }
        }
        if fields == nil, let value = object["$fields"] { resolved.fields = try FieldProjection(json: value) }
        if max == DocumentStore.defaultMax, let value = object["$max"]?.numberValue?.int64Value {
            resolved.max = Int(value)
        }
        if skip == 0, let value = object["$skip"]?.numberValue?.int64Value { resolved.skip = Int(value) }
        if groupBy.isEmpty, case .array(let items) = object["$groupby"] {
            resolved.groupBy = items.compactMap(\.stringValue)
        }
        if aggregates.isEmpty, case .array(let items) = object["$aggregate"] {
            resolved.aggregates = try items.compactMap(\.stringValue).map { spec throws(StoreError) in
                try Aggregate(spec: spec)
            }
        }
        return resolved
    }
}
