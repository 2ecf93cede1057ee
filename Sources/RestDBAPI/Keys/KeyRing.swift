import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
///
/// Every request reads one immutable `Snapshot` (the keys already joined, their bytes already
/// extracted); a reload builds a new snapshot and swaps the reference. The lock is held only to
/// copy that reference and compare a clock reading, and the file is looked at (a `stat`) at
/// most once per `recheckInterval`, by the one request that finds the check due.
public final class KeyRing: @unchecked Sendable {
    // `snapshot` and `nextCheck` are guarded by `lock`; a snapshot never changes once built.
    private let lock = PosixCondition()
    let file: URL?
    let extraKeys: [APIKey]
    private var snapshot: Snapshot
    private var nextCheck: ContinuousClock.Instant
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
        let stamp = file.map(FileStamp.init(url:))
        let fileKeys = try file.map { try KeyFile.load(from: $0).keys } ?? []
        snapshot = Snapshot(keys: extraKeys + fileKeys, stamp: stamp)
        nextCheck = ContinuousClock.now + recheckInterval
    }

    /// Every key currently accepted.
    public var keys: [APIKey] { current().keys }

    /// Decides whether `presentedKey` may make this request. Every known key is compared in
    /// constant time, so timing does not reveal how much of a key was right.
    public func authorize(presentedKey: String?, method: String, path: String, origin: String?) -> KeyDecision
    {
        caller(presenting: presentedKey).decision(method: method, path: path, origin: origin)
    }

    /// Why the known key `presentedKey` does not allow this request ("it allows only GET"), for
    /// the 403 message; nil when it does or is not known.
    public func scopeRefusal(presentedKey: String?, method: String, path: String, origin: String?) -> String?
    {
        caller(presenting: presentedKey).scopeRefusal(method: method, path: path, origin: origin)
    }

    /// The known key equal to `presented` (the last, when several are), compared in constant
    /// time with every key.
    func match(_ presented: String) -> APIKey? { current().match(presented) }

    /// Reads the key file again now, whatever the recheck interval says (after this process
    /// edited it, so the change holds from the next request on).
    public func reload() throws {
        guard let file else { return }
        let stamp = FileStamp(url: file)
        let fresh = Snapshot(keys: extraKeys + (try KeyFile.load(from: file).keys), stamp: stamp)
        lock.withLock { snapshot = fresh }
    }

    /// The snapshot to use now; reloads first when the check is due and the file changed.
    private func current() -> Snapshot {
        let now = ContinuousClock.now
        lock.lock()
        let snapshot = self.snapshot
        let due = file != nil && now >= nextCheck
        if due { nextCheck = now + recheckInterval }
        lock.unlock()
        guard due, let file else { return snapshot }
        let stamp = FileStamp(url: file)
        guard stamp != snapshot.stamp, let loaded = try? KeyFile.load(from: file) else { return snapshot }
        // A file that cannot be read keeps the keys already loaded (and is retried next time).
        let fresh = Snapshot(keys: extraKeys + loaded.keys, stamp: stamp)
        lock.lock()
        self.snapshot = fresh
        lock.unlock()
        return fresh
    }

    /// The accepted keys at one moment, with each key's bytes ready for comparison.
    private final class Snapshot: Sendable {
        let keys: [APIKey]
        let keyBytes: [[UInt8]]
        let stamp: FileStamp?

        init(keys: [APIKey], stamp: FileStamp?) {
            self.keys = keys
            self.keyBytes = keys.map { Array($0.key.utf8) }
            self.stamp = stamp
        }

        /// The last key equal to `presented`; every key is compared, whatever matches.
        func match(_ presented: String) -> APIKey? {
            var found: Int?
            for index in keyBytes.indices where ConstantTime.equals(keyBytes[index], presented) {
                found = index
            }
            return found.map { keys[$0] }
        }
    }
}

/// Enough of a file's metadata to notice that it was replaced: size, last change to the
/// nanosecond and inode (a file renamed into place has a new one); nil fields when it is not there.
private struct FileStamp: Equatable, Sendable {
    let status: FileSystem.Status?

    init(url: URL) {
        status = try? FileSystem.status(url.path)
    }
}

extension KeyRing {
    /// True when `presentedKey` is a known full-access key (bulk deletes and updates by query).
    public func grantsFullAccess(presentedKey: String?) -> Bool {
        caller(presenting: presentedKey).hasFullAccess
    }
}
