import DocumentStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The keys of every process on a shared database (`SharedKeyTable`), each stored as the JSON
/// object `keys.json` holds for it. A change made by any process moves `changeMark()` in all of
/// them within moments (the table's change notices).
public struct DatabaseKeySource: KeySource {
    public let table: any SharedKeyTable

    public init(table: any SharedKeyTable) {
        self.table = table
    }

    public var place: String { "the database" }

    public func load() throws -> [APIKey] {
        try table.entries().map { entry in try JSONDecoder().decode(APIKey.self, from: Data(entry)) }
    }

    public func add(_ key: APIKey) throws {
        guard try table.insert(key: key.key, entry: try Self.entry(key)) else {
            throw KeyEditError("that key is already in the database")
        }
    }

    public func remove(_ key: String) throws -> Bool {
        try table.delete(key: key)
    }

    public func replaceAll(_ keys: [APIKey]) throws {
        try table.replaceAll(keys.map { key in (key.key, try Self.entry(key)) })
    }

    /// On the database's first start, stores `keys` (and returns true); afterwards nothing.
    public func addOnFirstStart(_ keys: [APIKey]) throws -> Bool {
        try table.addOnFirstStart(keys.map { key in (key.key, try Self.entry(key)) })
    }

    public func changeMark() -> String { String(table.changeCount) }

    static func entry(_ key: APIKey) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(key))
    }
}
