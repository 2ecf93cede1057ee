import DocumentJSON

/// What a storage engine offers the API modules: collections, their schemas and indexes,
/// documents found, paged, inserted, updated and deleted, and the bulk load of an import.
///
/// `DocumentStore` (one SQLite file) is the engine today. The surfaces above it (`RestDBAPI`,
/// import sinks) hold an `any DocumentEngine`, so a second engine (a server database, say)
/// plugs in by implementing this protocol and by compiling queries through its own
/// `SQLDialect`; only the code that opens the store names the concrete type.
///
/// Every method is synchronous and may be called from any thread at once: an engine keeps its
/// own connections and their ownership rules. Errors are `StoreError` (a client's mistake or a
/// missing collection), `QueryError` (a bad `q`, `h` or `sort`) or `ImportError`; anything
/// else is the engine failing.
///
/// ```swift
/// let engine: any DocumentEngine = try DocumentStore(path: "data/restlite.sqlite")
/// let cat = try engine.insert(["name": "Tom"], into: "a3cats")
/// let page = try engine.find(FindRequest(collection: "a3cats", max: 10))
/// ```
public protocol DocumentEngine: Sendable {
    // MARK: Collections

    /// The names of every collection, sorted.
    func collectionNames() -> [String]
    /// Every collection with its document count, sorted by name.
    func listCollections() throws -> [CollectionSummary]
    /// Creates an empty collection. Throws `collectionExists` or `invalidCollectionName`.
    @discardableResult
    func createCollection(_ name: String, schema: CollectionSchema?) throws -> CollectionInfo
    /// Deletes a collection and all its documents, with their children in child collections,
    /// in one transaction; returns the ids of the documents it held. Throws `collectionNotFound`.
    @discardableResult
    func dropCollection(_ name: String) throws -> [String]
    /// Calls `observer` after each committed delete that took children with it, per child
    /// collection, with their ids. An engine without child collections may ignore it.
    func observeCascadedDeletes(
        _ observer: @escaping @Sendable (_ collection: String, _ ids: [String]) -> Void)
    /// Declares an index on a top-level or dotted field; returns its name. Idempotent.
    @discardableResult
    func createIndex(collection name: String, path: String) throws -> String

    // MARK: Schemas

    /// The collection's schema, `nil` when it has none. Throws `collectionNotFound`.
    func schema(of name: String) throws -> CollectionSchema?
    /// Sets (or with `nil` removes) a schema, creating the collection when missing; existing
    /// documents are not re-validated.
    func setSchema(_ schema: CollectionSchema?, for name: String) throws
    /// Sets a schema only while the collection is new or empty, atomically with that check.
    @discardableResult
    func setSchemaWhileEmpty(_ schema: CollectionSchema?, for name: String, create: Bool) throws
        -> DocumentStore.SchemaChange

    // MARK: Reading

    /// One document by `_id`. Throws `documentNotFound` or `collectionNotFound`.
    func document(_ id: String, in name: String) throws -> Document
    /// The documents (or groups and aggregates) a request selects.
    func find(_ request: FindRequest) throws -> FindResult
    /// The fast path of a list: appends the page as `[doc,doc,...]` JSON to `bytes` and
    /// returns its figures, or returns nil (appending nothing) when the request needs `find`.
    func appendPageJSON(_ request: FindRequest, into bytes: inout [UInt8]) throws -> PageCounts?
    /// How many documents of `name` match `query` (all of them when nil).
    func count(in name: String, matching query: JSONValue?) throws -> Int
    /// Every document of `name` in `_id` order, from one snapshot, without holding them all.
    func forEachDocument(in name: String, _ body: (Document) throws -> Void) throws

    // MARK: Writing

    /// Stores a new document (system fields filled in) and returns it as stored.
    func insert(_ object: JSONObject, into name: String, options: WriteOptions) throws -> Document
    /// Stores several documents in one transaction: all or none.
    func insertMany(_ objects: [JSONObject], into name: String, options: WriteOptions) throws -> [Document]
    /// Merges `update` into document `id` and returns the result.
    func update(_ id: String, in name: String, with update: JSONObject, actor: String) throws -> Document
    /// `update`, only while the stored `_version` is one of `versions` (else `VersionConflict`).
    func update(
        _ id: String, in name: String, with update: JSONObject, actor: String, ifVersionIn versions: [Int64]
    )
        throws -> Document
    /// Applies `update` to every document matching `query`; returns the ids changed.
    func updateMany(in name: String, matching query: JSONValue?, with update: JSONObject, actor: String)
        throws -> [String]
    /// Stores new children of `parent` in `childCollection`, with their link fields
    /// (`_parent_id`, `_parent_def`, `_parent_field`) set, in one transaction that also checks
    /// the parent exists (`documentNotFound` with the parent's id when not).
    func insertChildren(
        _ objects: [JSONObject], of parent: ParentLink, into childCollection: String, options: WriteOptions
    ) throws -> [Document]

    // Every delete also deletes, in its transaction, the children of each document it deletes
    // (the schema's `child` fields), and theirs: all or nothing.

    /// Deletes one document; returns its id.
    @discardableResult
    func delete(_ id: String, from name: String) throws -> String
    /// Deletes the listed documents in one transaction; returns the ids deleted.
    @discardableResult
    func delete(ids: [String], from name: String) throws -> [String]
    /// Deletes every document matching `query`; returns the ids deleted.
    @discardableResult
    func delete(matching query: JSONValue?, from name: String) throws -> [String]

    // MARK: Bulk load

    /// Stores an import in one write transaction (see `DocumentStore.importRecords`): creates
    /// or recreates the collection, empties it when `replace`, then inserts every batch.
    func importRecords(
        into name: String, newSchema: CollectionSchema?, replace: Bool, recreate: Bool, keepIDs: Bool,
        file: String, nextBatch: () throws -> [ImportRecord]?
    ) throws
}

/// The defaults `DocumentStore`'s own methods give, for callers holding the protocol.
extension DocumentEngine {
    /// Reads, compares and then writes: an engine that can check the version inside its write
    /// (as `DocumentStore` does) implements this itself.
    public func update(
        _ id: String, in name: String, with update: JSONObject, actor: String, ifVersionIn versions: [Int64]
    ) throws -> Document {
        let current = try document(id, in: name).version
        guard versions.contains(current) else { throw VersionConflict(id: id, current: current) }
        return try self.update(id, in: name, with: update, actor: actor)
    }

    @discardableResult
    public func createCollection(_ name: String) throws -> CollectionInfo {
        try createCollection(name, schema: nil)
    }

    public func count(in name: String) throws -> Int {
        try count(in: name, matching: nil)
    }

    public func insert(_ object: JSONObject, into name: String) throws -> Document {
        try insert(object, into: name, options: WriteOptions())
    }

    public func insertMany(_ objects: [JSONObject], into name: String) throws -> [Document] {
        try insertMany(objects, into: name, options: WriteOptions())
    }

    public func update(_ id: String, in name: String, with update: JSONObject) throws -> Document {
        try self.update(id, in: name, with: update, actor: "api")
    }

    public func updateMany(in name: String, matching query: JSONValue?, with update: JSONObject) throws
        -> [String]
    {
        try updateMany(in: name, matching: query, with: update, actor: "api")
    }

    public func importRecords(
        into name: String, newSchema: CollectionSchema?, replace: Bool, keepIDs: Bool, file: String,
        nextBatch: () throws -> [ImportRecord]?
    ) throws {
        try importRecords(
            into: name, newSchema: newSchema, replace: replace, recreate: false, keepIDs: keepIDs,
            file: file, nextBatch: nextBatch)
    }
}

extension DocumentStore: DocumentEngine {}

extension DocumentEngine {
    /// No children, nothing to report.
    public func observeCascadedDeletes(
        _ observer: @escaping @Sendable (_ collection: String, _ ids: [String]) -> Void
    ) {}
}
