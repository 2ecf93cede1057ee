/// An engine whose field indexes can be listed and removed as well as declared: what
/// `/_restlite/indexes` and `restlite index` use. `DocumentStore` and PostgreSQL's engine are.
public protocol IndexingEngine: DocumentEngine {
    /// The field indexes of a collection, declared and automatic, by field. Throws
    /// `collectionNotFound`.
    func indexes(of name: String) throws -> [IndexDescription]
    /// Removes every index on `field`. Returns false when there was none. Throws
    /// `collectionNotFound`, and `badRequest` for a unique field (its check needs the index).
    @discardableResult
    func dropIndex(collection name: String, field: String) throws -> Bool
    /// How reads used the collection's automatic indexes since the process started; empty
    /// when the engine does not index by itself. Throws `collectionNotFound`.
    func indexUses(of name: String) throws -> [IndexUse]
}

extension IndexingEngine {
    public func indexUses(of name: String) throws -> [IndexUse] { [] }
}

/// An engine that changes the schema of a collection holding documents
/// (`POST /_restlite/collections/<name>/schema`; see `DocumentStore.editSchema`).
public protocol SchemaEditingEngine: DocumentEngine {
    /// Applies (or with `apply: false` only measures) `edit`, in one transaction.
    func editSchema(_ edit: SchemaEdit, of name: String, apply: Bool) throws -> SchemaEditReport
}

extension DocumentStore: AutoIndexingEngine, SchemaEditingEngine {}
