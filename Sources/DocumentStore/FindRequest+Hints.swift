extension FindRequest {
    /// The request with `hints` (`h`, read by `QueryHints`) folded into the explicit
    /// properties; explicit values already set win.
    func resolvingHints() throws(StoreError) -> FindRequest {
        guard let hints else { return self }
        let parsed: QueryHints
        do {
            parsed = try QueryHints.parse(hints)
        } catch {
            throw .badRequest(error.message)
        }
        var resolved = self
        if sort.isEmpty { resolved.sort = parsed.orderBy }
        if fields == nil { resolved.fields = parsed.fields }
        if max == DocumentStore.defaultMax, let value = parsed.max { resolved.max = value }
        if skip == 0, let value = parsed.skip { resolved.skip = value }
        if groupBy.isEmpty { resolved.groupBy = parsed.groupBy.map(\.description) }
        if aggregates.isEmpty { resolved.aggregates = parsed.aggregates }
        return resolved
    }
}
