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

/// The keys a server accepts: those of its `KeySource` (a data folder's `keys.json`, or the
/// database several processes share), read again when the source changes (so `restlite keys
/// add` takes effect while the server runs), plus full-access keys given on the command line.
///
/// Every request reads one immutable `Snapshot` (the keys already joined, their bytes already
/// extracted); a reload builds a new snapshot and swaps the reference. The lock is held only to
/// copy that reference and compare a clock reading, and the source's change mark (a `stat` of
/// the file, a counter the database's notices move) is looked at most once per
/// `recheckInterval`, by the one request that finds the check due.
public final class KeyRing: @unchecked Sendable {
    // `snapshot` and `nextCheck` are guarded by `lock`; a snapshot never changes once built.
    private let lock = PosixCondition()
    /// Where the stored keys are; nil for only the command line's.
    public let source: (any KeySource)?
    let extraKeys: [APIKey]
    private var snapshot: Snapshot
    private var nextCheck: ContinuousClock.Instant
    private let recheckInterval: Duration

    /// - Parameters:
    ///   - source: the stored keys to follow, or nil for only `fullAccessKeys`.
    ///   - fullAccessKeys: keys accepted with full access that are not stored anywhere.
    ///   - recheckInterval: how often at most the source's change mark is looked at.
    public init(
        source: (any KeySource)?, fullAccessKeys: [String] = [],
        recheckInterval: Duration = .milliseconds(250)
    ) throws {
        self.source = source
        self.extraKeys = fullAccessKeys.map { APIKey(key: $0, full: true) }
        self.recheckInterval = recheckInterval
        let mark = source?.changeMark()
        let storedKeys = try source?.load() ?? []
        snapshot = Snapshot(keys: extraKeys + storedKeys, mark: mark)
        nextCheck = ContinuousClock.now + recheckInterval
    }

    /// Follows `keys.json` at `file` (nil: only `fullAccessKeys`).
    public convenience init(
        file: URL?, fullAccessKeys: [String] = [], recheckInterval: Duration = .milliseconds(250)
    ) throws {
        try self.init(
            source: file.map(KeyFileSource.init(url:)), fullAccessKeys: fullAccessKeys,
            recheckInterval: recheckInterval)
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

    /// Reads the stored keys again now, whatever the recheck interval says (after this process
    /// changed them, so the change holds from the next request on).
    public func reload() throws {
        guard let source else { return }
        let mark = source.changeMark()
        let fresh = Snapshot(keys: extraKeys + (try source.load()), mark: mark)
        lock.withLock { snapshot = fresh }
    }

    /// The snapshot to use now; reloads first when the check is due and the source changed.
    private func current() -> Snapshot {
        let now = ContinuousClock.now
        lock.lock()
        let snapshot = self.snapshot
        let due = source != nil && now >= nextCheck
        if due { nextCheck = now + recheckInterval }
        lock.unlock()
        guard due, let source else { return snapshot }
        let mark = source.changeMark()
        guard mark != snapshot.mark, let loaded = try? source.load() else { return snapshot }
        // Keys that cannot be read keep the ones already loaded (and are retried next time).
        let fresh = Snapshot(keys: extraKeys + loaded, mark: mark)
        lock.lock()
        self.snapshot = fresh
        lock.unlock()
        return fresh
    }

    /// The accepted keys at one moment, with each key's bytes ready for comparison.
    private final class Snapshot: Sendable {
        let keys: [APIKey]
        let keyBytes: [[UInt8]]
        let mark: String?

        init(keys: [APIKey], mark: String?) {
            self.keys = keys
            self.keyBytes = keys.map { Array($0.key.utf8) }
            self.mark = mark
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

extension KeyRing {
    /// True when `presentedKey` is a known full-access key (bulk deletes and updates by query).
    public func grantsFullAccess(presentedKey: String?) -> Bool {
        caller(presenting: presentedKey).hasFullAccess
    }
}
