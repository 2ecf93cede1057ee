import CEventLoop
import PlatformSupport
import SocketHTTP

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
/// extracted) without a lock: the ring publishes it through one atomic cell, and a reload builds
/// a new snapshot and swaps the cell. A published snapshot is kept until the ring goes (a few
/// hundred bytes per change of the keys), so a reader that loaded the old one can still use it.
/// The source's change mark (a `stat` of the file, a counter the database's notices move) is
/// looked at most once per `recheckInterval`, by the one request that wins the check's turn.
public final class KeyRing: @unchecked Sendable {
    // `published` is guarded by `lock`; a snapshot never changes once built.
    private let lock = PosixCondition()
    /// Where the stored keys are; nil for only the command line's.
    public let source: (any KeySource)?
    /// Whether there is a `source` to follow (read per request instead of copying `source`).
    private let followsSource: Bool
    let extraKeys: [APIKey]
    /// [0] the address of the current snapshot (one of `published`), read without the lock;
    /// [1] when the change mark is next due, in `HTTPRequest.monotonicNanoseconds()`. Both are
    /// read by every request and written seldom, so they sit on cache lines of their own
    /// (`cel_cells_allocate`): beside a cell another core writes, each read would miss.
    private let cells: UnsafeMutablePointer<Int64> = cel_cells_allocate(2)!
    private var currentCell: UnsafeMutablePointer<Int64> { cells }
    private var nextCheck: UnsafeMutablePointer<Int64> { cells + 1 }
    /// Every snapshot ever current, oldest first: a reader may still hold an older one.
    private var published: [Snapshot] = []
    private let recheckNanoseconds: Int64

    /// - Parameters:
    ///   - source: the stored keys to follow, or nil for only `fullAccessKeys`.
    ///   - fullAccessKeys: keys accepted with full access that are not stored anywhere.
    ///   - recheckInterval: how often at most the source's change mark is looked at.
    public init(
        source: (any KeySource)?, fullAccessKeys: [String] = [],
        recheckInterval: Duration = .milliseconds(250)
    ) throws {
        self.source = source
        self.followsSource = source != nil
        self.extraKeys = fullAccessKeys.map { APIKey(key: $0, full: true) }
        let (seconds, attoseconds) = recheckInterval.components
        recheckNanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let mark = source?.changeMark()
        let storedKeys = try source?.load() ?? []
        cel_atomic_store(nextCheck, Int64(HTTPRequest.monotonicNanoseconds()) + recheckNanoseconds)
        publish(Snapshot(keys: extraKeys + storedKeys, mark: mark))
    }

    deinit { cel_cells_free(cells) }

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
    ///
    /// Every request comes here, on every worker thread at once, so the snapshot is used where
    /// it lies, not retained: a retain writes the snapshot's reference count, and a count that
    /// every core writes moves its cache line between the cores on each request.
    func match(_ presented: String) -> APIKey? {
        reloadIfDue()
        return Unmanaged<Snapshot>.fromOpaque(currentAddress())._withUnsafeGuaranteedRef {
            $0.match(presented)
        }
    }

    /// `match(_:)` against `copies`, one worker's copies of the current snapshot's keys and
    /// their bytes, made again when the snapshot changed since the last call. The shared
    /// snapshot's keys and bytes have reference counts every worker writes (comparing a key's
    /// bytes retains them, and a request copies its caller, so its key, three times), and
    /// those counts' cache lines then moved between the cores on every request.
    func match(_ presented: String, copies: WorkerCopies) -> APIKey? {
        reloadIfDue()
        let address = currentAddress()
        if copies.snapshot != address {
            let keys = Unmanaged<Snapshot>.fromOpaque(address)._withUnsafeGuaranteedRef {
                $0.keys.map(\.ownCopy)
            }
            copies.keys = keys
            copies.keyBytes = keys.map { Array($0.key.utf8) }
            copies.snapshot = address
        }
        return Self.lastMatch(presented, in: copies.keyBytes).map { copies.keys[$0] }
    }

    /// One worker's copies of the keys of the snapshot it last read (`match(_:copies:)`).
    /// `@unchecked Sendable`: only the worker that owns it reads or writes it.
    final class WorkerCopies: @unchecked Sendable {
        fileprivate var snapshot: UnsafeRawPointer?
        fileprivate var keys: [APIKey] = []
        fileprivate var keyBytes: [[UInt8]] = []
    }

    /// The index of the last of `keyBytes` equal to `presented`; every key is compared in
    /// constant time, whatever matches.
    fileprivate static func lastMatch(_ presented: String, in keyBytes: [[UInt8]]) -> Int? {
        var found: Int?
        for index in keyBytes.indices where ConstantTime.equals(keyBytes[index], presented) {
            found = index
        }
        return found
    }

    /// Reads the stored keys again now, whatever the recheck interval says (after this process
    /// changed them, so the change holds from the next request on).
    public func reload() throws {
        guard let source else { return }
        let mark = source.changeMark()
        publish(Snapshot(keys: extraKeys + (try source.load()), mark: mark))
    }

    /// Makes `fresh` the snapshot every later request reads.
    private func publish(_ fresh: Snapshot) {
        lock.withLock {
            published.append(fresh)
            let address = Int(bitPattern: Unmanaged.passUnretained(fresh).toOpaque())
            cel_atomic_store(currentCell, Int64(address))
        }
    }

    /// The current snapshot's address: one atomic load, no lock. `published` keeps it alive.
    private func currentAddress() -> UnsafeRawPointer {
        let address = Int(truncatingIfNeeded: cel_atomic_load(currentCell))
        guard let pointer = UnsafeRawPointer(bitPattern: address) else {
            preconditionFailure("a key ring publishes its first snapshot when it is made")
        }
        return pointer
    }

    /// The current snapshot, retained.
    private func loaded() -> Snapshot {
        Unmanaged<Snapshot>.fromOpaque(currentAddress()).takeUnretainedValue()
    }

    /// The snapshot to use now; reloads first when the check is due and the source changed.
    private func current() -> Snapshot {
        reloadIfDue()
        return loaded()
    }

    /// When the check is due, one request takes its turn and publishes a new snapshot if the
    /// source changed; the others go on with the snapshot there is. Until the check is due
    /// this reads two atomic cells and copies nothing (the source is looked at only by the
    /// request that takes the turn).
    private func reloadIfDue() {
        guard followsSource else { return }
        let now = Int64(HTTPRequest.monotonicNanoseconds())
        let due = cel_atomic_load(nextCheck)
        guard now >= due, cel_atomic_exchange_if(nextCheck, due, now + recheckNanoseconds) != 0,
            let source
        else { return }
        let mark = source.changeMark()
        guard mark != loaded().mark, let stored = try? source.load() else { return }
        // Keys that cannot be read keep the ones already loaded (and are retried next time).
        publish(Snapshot(keys: extraKeys + stored, mark: mark))
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
            KeyRing.lastMatch(presented, in: keyBytes).map { keys[$0] }
        }
    }
}

extension KeyRing {
    /// True when `presentedKey` is a known full-access key (bulk deletes and updates by query).
    public func grantsFullAccess(presentedKey: String?) -> Bool {
        caller(presenting: presentedKey).hasFullAccess
    }
}
