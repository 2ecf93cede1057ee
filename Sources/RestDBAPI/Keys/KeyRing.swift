import Foundation

/// What the key check decided for one request.
public enum KeyDecision: Sendable, Equatable {
    case allowed
    /// No key came with the request: 401.
    case missing
    /// The key is not known: 403.
    case unknown
    /// The key is known but its scope does not cover this method, path or origin: 403.
    case outOfScope
}

/// The keys a server accepts: those in the data folder's `keys.json` (re-read when the file
/// changes, so `restlite keys add` takes effect while the server runs) plus full-access keys
/// given on the command line.
public final class KeyRing: @unchecked Sendable {
    // Mutable state is guarded by `lock`; requests on many threads read the snapshot under it.
    private let lock = NSLock()
    private let file: URL?
    private let extraKeys: [APIKey]
    private var fileKeys: [APIKey] = []
    private var fileStamp: FileStamp?
    private var lastCheck: ContinuousClock.Instant?
    private let recheckInterval: Duration

    /// - Parameters:
    ///   - file: `keys.json` to follow, or nil for only `fullAccessKeys`.
    ///   - fullAccessKeys: keys accepted with full access that are not written anywhere.
    ///   - recheckInterval: how often at most the file's modification stamp is looked at.
    public init(file: URL?, fullAccessKeys: [String] = [], recheckInterval: Duration = .milliseconds(250))
        throws
    {
        self.file = file
        self.extraKeys = fullAccessKeys.map { APIKey(key: $0, full: true) }
        self.recheckInterval = recheckInterval
        try reloadIfChanged(force: true)
    }

    /// Every key currently accepted.
    public var keys: [APIKey] {
        try? reloadIfChanged(force: false)
        return lock.withLock { extraKeys + fileKeys }
    }

    /// Decides whether `presentedKey` may make this request. Every known key is compared in
    /// constant time, so timing does not reveal how much of a key was right.
    public func authorize(presentedKey: String?, method: String, path: String, origin: String?) -> KeyDecision
    {
        guard let presentedKey, !presentedKey.isEmpty else { return .missing }
        var match: APIKey?
        for key in keys where Self.constantTimeEquals(key.key, presentedKey) {
            match = key
        }
        guard let match else { return .unknown }
        return match.permits(method: method, path: path, origin: origin) ? .allowed : .outOfScope
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            difference |= a ^ b
        }
        return difference == 0
    }

    private func reloadIfChanged(force: Bool) throws {
        guard let file else { return }
        let now = ContinuousClock.now
        let due: Bool = lock.withLock {
            if !force, let lastCheck, now - lastCheck < recheckInterval { return false }
            lastCheck = now
            return true
        }
        guard due else { return }
        let stamp = FileStamp(url: file)
        if !force, lock.withLock({ stamp == fileStamp }) { return }
        let loaded = try KeyFile.load(from: file).keys
        lock.withLock {
            fileKeys = loaded
            fileStamp = stamp
        }
    }
}

/// Enough of a file's metadata to notice that it was replaced.
private struct FileStamp: Equatable {
    let modified: Date?
    let size: Int?
    let inode: Int?

    init(url: URL) {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        modified = attributes?[.modificationDate] as? Date
        size = (attributes?[.size] as? NSNumber)?.intValue
        inode = (attributes?[.systemFileNumber] as? NSNumber)?.intValue
    }
}

extension KeyRing {
    /// True when `presentedKey` is a known full-access key (bulk deletes and updates by query).
    public func grantsFullAccess(presentedKey: String?) -> Bool {
        guard let presentedKey else { return false }
        var full = false
        for key in keys where Self.constantTimeEquals(key.key, presentedKey) {
            full = key.full
        }
        return full
    }
}
