import DocumentJSON
import DocumentQuery
import PlatformSupport

/// An engine whose automatic indexes `AutoIndexer` builds, lists and drops: SQLite's
/// `DocumentStore` and PostgreSQL's engine. The policy, the counting of slow reads, the bounds
/// and the log are the indexer's, the same on both; the engine only says which automatic
/// indexes it holds and builds or drops one.
package protocol AutoIndexingEngine: IndexingEngine {
    /// Every automatic index the engine holds.
    func automaticIndexKeys() throws -> [AutoIndexer.Key]
    /// Builds the automatic index `key` asks for, unless a declared one serves it, the
    /// collection is gone, or it holds more than `maximumDocuments`.
    func createAutomaticIndex(_ key: AutoIndexer.Key, maximumDocuments: Int) throws -> AutomaticIndexOutcome
    /// Drops the automatic index `key` (nothing if it is gone).
    func dropAutomaticIndex(_ key: AutoIndexer.Key) throws
}

/// What `AutoIndexingEngine.createAutomaticIndex` did.
package enum AutomaticIndexOutcome: Sendable {
    case built
    /// A declared index already serves the field.
    case covered
    /// The collection is gone.
    case gone
    case tooLarge(documents: Int)
}

/// The store's automatic indexes at run time (`AutoIndexPolicy`), on any `AutoIndexingEngine`.
///
/// Reads report the fields they filter and sort on and how long they took (`observe`); that
/// costs one lock and a few dictionary lookups, and nothing for a read with no query and no
/// sort. Building, dropping and looking at the engine's indexes happen on one background thread
/// at a time (`work`), never on the read that asked for them.
///
/// Ownership argument for `@unchecked Sendable`: every `var` is read and written under `lock`.
package final class AutoIndexer: @unchecked Sendable {
    package struct Key: Hashable, Sendable {
        package let collectionID: Int64
        package let path: FieldPath
        package let purpose: IndexDescription.Purpose

        package init(collectionID: Int64, path: FieldPath, purpose: IndexDescription.Purpose) {
            self.collectionID = collectionID
            self.path = path
            self.purpose = purpose
        }
    }

    /// How reads used one automatic index since this process started.
    struct Use {
        var reads = 0
        var last: ContinuousClock.Instant
    }

    package let policy: AutoIndexPolicy
    private let lock = PosixCondition()
    /// Slow reads counted against a field that has no automatic index yet.
    private var slowReads: [Key: Int] = [:]
    /// The automatic indexes of the engine, and when a read last used each (for the drop).
    private var lastUse: [Key: ContinuousClock.Instant] = [:]
    /// Reads that used each automatic index since this process started (for the listing).
    private var uses: [Key: Use] = [:]
    /// Collection names by id, for the log.
    private var names: [Int64: String] = [:]
    private var working = false
    private var lastSweep = ContinuousClock.now

    package init(policy: AutoIndexPolicy) {
        self.policy = policy
    }

    /// Called after every read with the fields it used and its duration.
    package func observe(
        _ fields: IndexableFields, info: CollectionInfo, elapsed: Duration, engine: any AutoIndexingEngine
    ) {
        let now = ContinuousClock.now
        let keys =
            fields.filtered.map { Key(collectionID: info.id, path: $0, purpose: .filter) }
            + fields.sorted.map { Key(collectionID: info.id, path: $0, purpose: .sort) }
        let due: Bool = lock.withLock {
            var ready = false
            for key in keys {
                if lastUse[key] != nil {
                    lastUse[key] = now
                    uses[key, default: Use(last: now)].reads += 1
                    uses[key]?.last = now
                } else if elapsed >= policy.slowRead {
                    slowReads[key, default: 0] += 1
                    ready = ready || slowReads[key]! >= policy.slowReadsBeforeIndex
                    names[info.id] = info.name
                }
            }
            let sweepDue = now - lastSweep >= policy.sweepInterval
            guard (ready || sweepDue) && !working else { return false }
            working = true
            return true
        }
        if due { PosixThread.spawn(name: "restlite-auto-index") { self.work(engine) } }
    }

    /// How reads used the automatic indexes of collection `collectionID` since this process
    /// started: reads per field and purpose, and the time of the last (ms since the epoch).
    package func uses(collectionID: Int64) -> [IndexUse] {
        let now = ContinuousClock.now
        let wall = ISODate.nowMilliseconds()
        return lock.withLock {
            uses.filter { $0.key.collectionID == collectionID && lastUse[$0.key] != nil }.map { key, use in
                let ago = (now - use.last).wholeMilliseconds
                return IndexUse(
                    field: key.path.description, purpose: key.purpose, reads: use.reads, lastRead: wall - ago)
            }
        }
    }

    /// Drops what went unused, then builds what slow reads asked for.
    private func work(_ engine: any AutoIndexingEngine) {
        defer { lock.withLock { working = false } }
        do {
            let existing = try engine.automaticIndexKeys()
            let now = ContinuousClock.now
            let unused: [Key] = lock.withLock {
                lastSweep = now
                lastUse = existing.reduce(into: [:]) { table, key in table[key] = lastUse[key] ?? now }
                uses = uses.filter { lastUse[$0.key] != nil }
                return lastUse.filter { now - $0.value >= policy.dropUnusedAfter }.map(\.key)
            }
            for key in unused { try drop(key, engine) }
            for key in candidates() { try build(key, engine) }
        } catch {
            policy.log("auto-index: \(error)")
        }
    }

    /// Fields with enough slow reads, most asked for first.
    private func candidates() -> [Key] {
        lock.withLock {
            slowReads.filter { $0.value >= policy.slowReadsBeforeIndex && lastUse[$0.key] == nil }
                .sorted { $0.value > $1.value }.map(\.key)
        }
    }

    private func build(_ key: Key, _ engine: any AutoIndexingEngine) throws {
        let (total, inCollection, name) = lock.withLock {
            (
                lastUse.count, lastUse.keys.filter { $0.collectionID == key.collectionID }.count,
                names[key.collectionID]
            )
        }
        let label = "\(name ?? "collection \(key.collectionID)").\(key.path) (\(key.purpose.rawValue))"
        guard total < policy.maximum, inCollection < policy.maximumPerCollection else {
            lock.withLock { slowReads[key] = nil }
            return policy.log("auto-index: not indexing \(label): at the limit of automatic indexes")
        }
        let started = ContinuousClock.now
        switch try engine.createAutomaticIndex(key, maximumDocuments: policy.maximumDocuments) {
        case .built:
            lock.withLock {
                slowReads[key] = nil
                lastUse[key] = .now
                uses[key] = nil
            }
            policy.log(
                "auto-index: indexed \(label) in \(Self.milliseconds(.now - started)) after slow reads")
        case .tooLarge(let documents):
            lock.withLock { slowReads[key] = nil }
            policy.log("auto-index: not indexing \(label): \(documents) documents is over the limit")
        case .covered, .gone:
            lock.withLock { slowReads[key] = nil }
        }
    }

    private func drop(_ key: Key, _ engine: any AutoIndexingEngine) throws {
        try engine.dropAutomaticIndex(key)
        let name = lock.withLock {
            lastUse[key] = nil
            uses[key] = nil
            return names[key.collectionID]
        }
        policy.log(
            "auto-index: dropped \(name ?? "collection \(key.collectionID)").\(key.path) (\(key.purpose.rawValue)): "
                + "unused for \(policy.dropUnusedAfter)")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        "\(duration.wholeMilliseconds) ms"
    }
}
