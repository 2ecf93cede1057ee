#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RestDBCollection {
    /// Deletes the document with `id` (`DELETE /rest/<coll>/<id>`) and returns the deleted ids.
    ///
    /// ```swift
    /// try await cats.delete(cat.id!)
    /// ```
    @discardableResult
    public func delete(_ id: String) async throws -> [String] {
        try await deleted(Endpoint(method: "DELETE", path: path(for: id)))
    }

    /// Deletes the documents with these ids in one request (`DELETE /rest/<coll>/*` with the
    /// ids as the body) and returns the deleted ids.
    ///
    /// ```swift
    /// try await cats.delete(ids: selected.compactMap(\.id))
    /// ```
    @discardableResult
    public func delete(ids: [String]) async throws -> [String] {
        guard !ids.isEmpty else { return [] }
        return try await deleted(Endpoint(method: "DELETE", path: path + "/*", body: client.encode(ids)))
    }

    /// Deletes every document matching `query` (`DELETE /rest/<coll>/*?q=...`; needs a
    /// full-access key) and returns the deleted ids. ``Query/all`` is refused so that a
    /// forgotten condition cannot empty the collection.
    ///
    /// ```swift
    /// try await cats.delete(matching: .where("rating", .lt(2)))
    /// ```
    @discardableResult
    public func delete(matching query: Query) async throws -> [String] {
        guard !query.isEmpty else {
            throw RestDBError.invalidRequest(
                "Refusing to delete with an empty query; it would match everything.")
        }
        let q = try query.jsonString()
        return try await deleted(Endpoint(method: "DELETE", path: path + "/*", query: [("q", q)]))
    }

    /// This collection's fields and types (`GET /rest/<coll>/_meta`).
    ///
    /// ```swift
    /// let schema = try await cats.schema()
    /// ```
    public func schema() async throws -> Schema {
        let data = try await client.send(Endpoint(method: "GET", path: path + "/_meta"))
        return try client.decode(Schema.self, from: data)
    }

    private func deleted(_ endpoint: Endpoint) async throws -> [String] {
        try client.decode(DeleteAnswer.self, from: await client.send(endpoint)).result
    }

    func listEndpoint(_ query: Query, hints: Hints, filter: String?, totals: Bool) throws -> Endpoint {
        var items: [(name: String, value: String)] = []
        if !query.isEmpty {
            items.append(("q", try query.jsonString()))
        }
        if let h = hints.fragment {
            items.append(("h", try Self.rendered(h)))
        }
        if let filter {
            items.append(("filter", filter))
        }
        if totals {
            items.append(("totals", "true"))
        }
        return Endpoint(method: "GET", path: path, query: items)
    }

    static func rendered(_ fragment: JSONFragment) throws -> String {
        do {
            return try fragment.rendered()
        } catch {
            throw RestDBError.encoding(error)
        }
    }
}

/// restdb's answer to a delete: `{"result":["<id>", ...]}`.
private struct DeleteAnswer: Decodable {
    var result: [String]
}
