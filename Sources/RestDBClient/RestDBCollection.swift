#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One collection of a ``RestDBClient``, typed by the model its documents decode as.
///
/// Models are plain `Codable` types; `_id` should be optional so the same type can be sent to
/// ``create(_:)`` (the server assigns it). Name it `id` with a coding key:
///
/// ```swift
/// struct Cat: Codable, Identifiable {
///     var id: String?
///     var catName: String
///     var rating: Int
///     var birthDate: Date
///     enum CodingKeys: String, CodingKey { case id = "_id", catName, rating, birthDate }
/// }
/// let cats = client.collection("a3cats", of: Cat.self)
/// let best = try await cats.list(.where("rating", .gte(4)), sort: [.descending("rating")])
/// ```
public struct RestDBCollection<Document: Codable>: Sendable {
    /// The collection's name, as in `/rest/<name>`.
    ///
    /// ```swift
    /// cats.name  // "a3cats"
    /// ```
    public let name: String

    let client: RestDBClient

    var path: String { "/rest/" + Endpoint.segment(name) }

    func path(for id: String) throws -> String {
        guard !id.isEmpty else {
            throw RestDBError.invalidRequest("A document id is needed; this one is empty.")
        }
        return path + "/" + Endpoint.segment(id)
    }

    /// The documents matching `query` (`GET /rest/<coll>`), ordered by `sort` (default:
    /// creation order), after skipping `skip`, at most `max` (the server's default is 1000),
    /// limited to `fields`, and containing the free text `filter` in any string field.
    ///
    /// ```swift
    /// let all = try await cats.list()
    /// let top = try await cats.list(.where("rating", 5), sort: [.ascending("catName")], max: 10)
    /// let found = try await cats.list(filter: "smith")
    /// ```
    public func list(
        _ query: Query = .all,
        sort: [Sort] = [],
        skip: Int? = nil,
        max: Int? = nil,
        fields: Fields? = nil,
        filter: String? = nil
    ) async throws -> [Document] {
        let hints = Hints(sort: sort, fields: fields, max: max, skip: skip)
        let endpoint = try listEndpoint(query, hints: hints, filter: filter, totals: false)
        return try client.decode([Document].self, from: await client.send(endpoint))
    }

    /// Like ``list(_:sort:skip:max:fields:filter:)``, with the total count (`totals=true`),
    /// for paging through a large collection.
    ///
    /// ```swift
    /// let page = try await cats.page(sort: [.ascending("catName")], skip: 20, max: 10)
    /// print(page.data.count, page.totals.total)  // 10 100
    /// ```
    public func page(
        _ query: Query = .all,
        sort: [Sort] = [],
        skip: Int? = nil,
        max: Int? = nil,
        fields: Fields? = nil,
        filter: String? = nil
    ) async throws -> Page<Document> {
        let hints = Hints(sort: sort, fields: fields, max: max, skip: skip)
        let endpoint = try listEndpoint(query, hints: hints, filter: filter, totals: true)
        return try client.decode(Page<Document>.self, from: await client.send(endpoint))
    }

    /// The document with `id` (`GET /rest/<coll>/<id>`); ``RestDBError/server(_:)`` with
    /// status 404 if there is none.
    ///
    /// ```swift
    /// let cat = try await cats.get("5dbb1b3e8a1f2c0012345678")
    /// ```
    public func get(_ id: String) async throws -> Document {
        let data = try await client.send(Endpoint(method: "GET", path: path(for: id)))
        return try client.decode(Document.self, from: data)
    }

    /// Stores a new document (`POST /rest/<coll>`) and returns it as stored, with its `_id`.
    ///
    /// ```swift
    /// let saved = try await cats.create(Cat(id: nil, catName: "Felis catus", rating: 5, birthDate: .now))
    /// print(saved.id!)  // "5dbb1b3e8a1f2c0012345678"
    /// ```
    public func create(_ document: Document) async throws -> Document {
        let endpoint = try Endpoint(method: "POST", path: path, body: client.encode(document))
        return try client.decode(Document.self, from: await client.send(endpoint))
    }

    /// Stores several documents in one request, all or none (`POST` of an array).
    ///
    /// ```swift
    /// let saved = try await cats.create(contentsOf: [tom, felix])
    /// ```
    public func create(contentsOf documents: [Document]) async throws -> [Document] {
        let endpoint = try Endpoint(method: "POST", path: path, body: client.encode(documents))
        return try client.decode([Document].self, from: await client.send(endpoint))
    }

    /// Changes the fields present in `changes`, keeping the others
    /// (`PUT /rest/<coll>/<id>`), and returns the whole document after the update. `changes`
    /// may be any `Encodable`: a small struct with the edited fields, or the full model.
    ///
    /// ```swift
    /// struct CatEdit: Encodable { var ownerName: String; var rating: Int }
    /// let updated = try await cats.update(id, with: CatEdit(ownerName: "Ann Lee", rating: 4))
    /// ```
    public func update(_ id: String, with changes: some Encodable) async throws -> Document {
        let endpoint = try Endpoint(method: "PUT", path: path(for: id), body: client.encode(changes))
        return try client.decode(Document.self, from: await client.send(endpoint))
    }

    /// Applies update operators to one document (`PUT` with `$inc`, `$push`, `$pull`, `$set`,
    /// `$unset`) and returns the whole document after the update.
    ///
    /// ```swift
    /// let cat = try await cats.update(id, .increment("rating"), .set("ownerName", "Ann Lee"))
    /// ```
    public func update(_ id: String, _ updates: Update...) async throws -> Document {
        guard !updates.isEmpty else {
            throw RestDBError.invalidRequest("An update needs at least one operator.")
        }
        let body = try Self.rendered(Update.body(for: updates))
        let endpoint = try Endpoint(method: "PUT", path: path(for: id), body: Data(body.utf8))
        return try client.decode(Document.self, from: await client.send(endpoint))
    }
}
