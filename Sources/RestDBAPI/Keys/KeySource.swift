import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a server's stored keys are: a data folder's `keys.json` (`KeyFileSource`), or the
/// database when several processes share one (`DatabaseKeySource`). `KeyRing` reads them, and
/// reads them again when `changeMark()` moves.
public protocol KeySource: Sendable {
    /// Where the keys are, for messages: a path, or "the database".
    var place: String { get }
    /// Every stored key, oldest first.
    func load() throws -> [APIKey]
    /// Stores one more key; `KeyEditError` when the same key text is there already.
    func add(_ key: APIKey) throws
    /// Removes a key; false when it was not there.
    func remove(_ key: String) throws -> Bool
    /// Replaces every stored key (`restlite migrate`).
    func replaceAll(_ keys: [APIKey]) throws
    /// A value that changes when the keys may have changed; cheap enough to look at often.
    func changeMark() -> String
}

/// The keys in a data folder's `keys.json`, written whole and renamed into place.
public struct KeyFileSource: KeySource {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public var place: String { url.path }

    public func load() throws -> [APIKey] { try KeyFile.load(from: url).keys }

    public func add(_ key: APIKey) throws {
        var file = try KeyFile.load(from: url)
        if file.keys.contains(where: { $0.key == key.key }) {
            throw KeyEditError("that key is already in \(url.path)")
        }
        file.keys.append(key)
        try file.save(to: url)
    }

    public func remove(_ key: String) throws -> Bool {
        var file = try KeyFile.load(from: url)
        let before = file.keys.count
        file.keys.removeAll { $0.key == key }
        guard file.keys.count != before else { return false }
        try file.save(to: url)
        return true
    }

    public func replaceAll(_ keys: [APIKey]) throws {
        try KeyFile(keys: keys).save(to: url)
    }

    /// Size, last change to the nanosecond and inode (a file renamed into place has a new
    /// one); empty when the file is not there.
    public func changeMark() -> String {
        guard let status = try? FileSystem.status(url.path) else { return "" }
        return "\(status.size) \(status.modifiedNanoseconds) \(status.inode)"
    }
}
