import DocumentQuery

extension FindRequest {
    /// The request with `hints` (`h`, read by `QueryHints`) folded into the explicit
    /// properties. As in restdb, a hint overrides the matching plain parameter (`sort`, `max`,
    /// `skip`, `groupby`, `aggregate`).
    package func resolvingHints() throws(StoreError) -> FindRequest {
        guard let hints else { return self }
        let parsed: QueryHints
        do {
            parsed = try QueryHints.parse(hints)
        } catch {
            throw .badRequest(error.message)
        }
        var resolved = self
        if !parsed.orderBy.isEmpty { resolved.sort = parsed.orderBy }
        if let value = parsed.fields { resolved.fields = value }
        if let value = parsed.max { resolved.max = value }
        if let value = parsed.skip { resolved.skip = value }
        if !parsed.groupBy.isEmpty { resolved.groupBy = parsed.groupBy.map(\.description) }
        if !parsed.aggregates.isEmpty { resolved.aggregates = parsed.aggregates }
        return resolved
    }
}
