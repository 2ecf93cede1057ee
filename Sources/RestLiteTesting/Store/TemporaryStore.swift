import DocumentStore

/// A store on a fresh temporary file; `close()` removes it.
///
/// ```swift
/// let fixture = try TemporaryStore()
/// defer { fixture.close() }
/// _ = try fixture.store.createCollection("cats")
/// ```
public struct TemporaryStore {
    public let database = TemporaryDatabase()
    public let store: DocumentStore

    public init(options: DocumentStore.Options = .init()) throws {
        store = try DocumentStore(path: database.path, options: options)
    }

    public func close() {
        database.remove()
    }
}
