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
    /// False when inserts do not write the automatic index `key` and reads read what is past it
    /// until `catchUpAutomaticIndex` (SQLite's tiers, `AutomaticTiers`).
    func automaticIndexFollowsWrites(_ key: AutoIndexer.Key) -> Bool
    /// Brings the automatic index `key` up to the documents written past it, when there are at
    /// least `minimumNewDocuments`.
    func catchUpAutomaticIndex(_ key: AutoIndexer.Key, minimumNewDocuments: Int) throws
        -> AutomaticIndexCatchUp
}

extension AutoIndexingEngine {
    /// Indexes that every write keeps up to date, as most engines' are.
    package func automaticIndexFollowsWrites(_ key: AutoIndexer.Key) -> Bool { true }
    package func catchUpAutomaticIndex(_ key: AutoIndexer.Key, minimumNewDocuments: Int) throws
        -> AutomaticIndexCatchUp
    { .current }
}

/// What `AutoIndexingEngine.catchUpAutomaticIndex` did.
package enum AutomaticIndexCatchUp: Sendable, Equatable {
    /// Nothing: too few documents past the index, or it is gone.
    case current
    /// A tier of its own for the `documents` past the index.
    case extended(documents: Int)
    /// One tier for the `documents` after the base, in place of `tiers` tiers.
    case merged(tiers: Int, documents: Int)
    /// A new base over all `documents`, in place of every tier.
    case rebuilt(documents: Int)
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

    /// What one automatic index saved reads since `since`, and its collection's count of writes
    /// then (`writeTotals`): a sweep weighs the two (`AutoIndexPolicy.writeCost`).
    struct Ledger {
        var since: ContinuousClock.Instant
        var writesBefore: Int
        var saved: Duration = .zero
        /// Time spent catching the index up (`AutoIndexingEngine.catchUpAutomaticIndex`): what
        /// writes cost an index that they do not write themselves.
        var caughtUp: Duration = .zero
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
    /// Whether a sweep has read the engine's automatic indexes yet (until then writes start one
    /// too, so indexes kept from an earlier run are weighed under writes alone).
    private var swept = false
    /// The time slow reads took, per field not indexed yet (with `slowReads`, their mean).
    private var slowTime: [Key: Duration] = [:]
    /// What a read of each automatic index would take without it: the mean of the slow reads
    /// that asked for it (`policy.slowRead` for an index found in the engine at start).
    private var scanCost: [Key: Duration] = [:]
    private var ledgers: [Key: Ledger] = [:]
    /// Writes counted per collection that has automatic indexes, since this process started.
    private var writeTotals: [Int64: Int] = [:]
    /// The collections with automatic indexes (`lastUse`'s), for the writes' quick check.
    private var indexedCollections: Set<Int64> = []
    /// Times each field's index was dropped because writes cost more than it saved.
    private var costDrops: [Key: Int] = [:]
    /// Automatic indexes a slow read found behind the writes (`AutoIndexingEngine.catchUpAutomaticIndex`).
    private var lagging: Set<Key> = []
    /// When each automatic index was last caught up, or a catch-up found nothing to do.
    private var lastCatchUp: [Key: ContinuousClock.Instant] = [:]
    /// `writeTotals` of each collection when its writes last asked for a catch-up
    /// (`AutoIndexPolicy.catchUpWrites`).
    private var caughtUpWrites: [Int64: Int] = [:]

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
                    let saving = (scanCost[key] ?? policy.slowRead) - elapsed
                    if saving > .zero { ledgers[key]?.saved += saving }
                    if elapsed >= policy.catchUpRead, !engine.automaticIndexFollowsWrites(key),
                        lastCatchUp[key].map({ now - $0 >= policy.catchUpInterval }) ?? true
                    {
                        ready = ready || lagging.insert(key).inserted
                    }
                } else if elapsed >= policy.slowRead {
                    slowReads[key, default: 0] += 1
                    slowTime[key, default: .zero] += elapsed
                    ready = ready || slowReads[key]! >= readsBeforeIndex(key)
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

    /// Counts `count` written documents (inserted, updated or deleted) of collection
    /// `collectionID`, against its automatic indexes; starts a sweep when one is due. Costs one
    /// lock and a set lookup when the collection has no automatic index.
    package func noteWrites(_ count: Int, collectionID: Int64, engine: any AutoIndexingEngine) {
        guard count > 0 else { return }
        let due: Bool = lock.withLock {
            let indexed = indexedCollections.contains(collectionID)
            if indexed {
                let total = writeTotals[collectionID, default: 0] + count
                writeTotals[collectionID] = total
                if total - caughtUpWrites[collectionID, default: 0] >= policy.catchUpWrites {
                    caughtUpWrites[collectionID] = total
                    for key in lastUse.keys
                    where key.collectionID == collectionID && !engine.automaticIndexFollowsWrites(key) {
                        lagging.insert(key)
                    }
                }
            }
            guard !working else { return false }
            // The clock is read only for a collection with automatic indexes (or before the first sweep).
            guard
                (indexed && !lagging.isEmpty)
                    || ((indexed || !swept) && ContinuousClock.now - lastSweep >= policy.sweepInterval)
            else { return false }
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

    /// Runs a sweep on the calling thread, after any under way has finished (tests: the
    /// background sweeps start only when reads or writes find one due).
    package func sweepNow(_ engine: any AutoIndexingEngine) {
        lock.withLock {
            while working { lock.wait() }
            working = true
        }
        work(engine)
    }

    /// Drops what went unused or cost writes more than it saved reads, then builds what slow
    /// reads asked for.
    private func work(_ engine: any AutoIndexingEngine) {
        defer {
            lock.withLock {
                working = false
                lock.broadcast()
            }
        }
        do {
            let existing = try engine.automaticIndexKeys()
            let now = ContinuousClock.now
            let (unused, costly): ([Key], [(Key, String)]) = lock.withLock {
                lastSweep = now
                swept = true
                lastUse = existing.reduce(into: [:]) { table, key in table[key] = lastUse[key] ?? now }
                uses = uses.filter { lastUse[$0.key] != nil }
                refreshIndexed(now: now)
                let unused = lastUse.filter { now - $0.value >= policy.dropUnusedAfter }.map(\.key)
                return (unused, weighWrites(now: now, engine).filter { !unused.contains($0.0) })
            }
            for key in unused { try drop(key, engine, reason: "unused for \(policy.dropUnusedAfter)") }
            for (key, reason) in costly {
                lock.withLock { costDrops[key, default: 0] += 1 }
                try drop(key, engine, reason: reason)
            }
            for key in takeLagging() { try catchUp(key, engine) }
            for key in candidates() { try build(key, engine) }
        } catch {
            policy.log("auto-index: \(error)")
        }
    }

    /// Keeps `ledgers` and `indexedCollections` to the automatic indexes in `lastUse` (an index
    /// new to the indexer starts its ledger now). Under `lock`.
    private func refreshIndexed(now: ContinuousClock.Instant) {
        ledgers = ledgers.filter { lastUse[$0.key] != nil }
        for key in lastUse.keys where ledgers[key] == nil {
            ledgers[key] = Ledger(since: now, writesBefore: writeTotals[key.collectionID] ?? 0)
        }
        indexedCollections = Set(lastUse.keys.map(\.collectionID))
        writeTotals = writeTotals.filter { indexedCollections.contains($0.key) }
        caughtUpWrites = caughtUpWrites.filter { indexedCollections.contains($0.key) }
    }

    /// The automatic indexes whose collection's writes, since their ledger began at least a
    /// sweep interval ago, cost more than the index saved reads, with the log's reason; the
    /// others with writes start a new ledger (without writes, the savings go on adding up).
    /// Under `lock`.
    private func weighWrites(
        now: ContinuousClock.Instant, _ engine: any AutoIndexingEngine
    ) -> [(Key, String)] {
        guard policy.writeCost > .zero else { return [] }
        var costly: [(Key, String)] = []
        for (key, ledger) in ledgers where now - ledger.since >= policy.sweepInterval {
            let total = writeTotals[key.collectionID] ?? 0
            let writes = total - ledger.writesBefore
            guard writes > 0 else { continue }
            let paid = engine.automaticIndexFollowsWrites(key) ? policy.writeCost * writes : ledger.caughtUp
            if paid > ledger.saved {
                costly.append(
                    (
                        key,
                        "\(writes) writes cost about \(Self.milliseconds(paid)), more than it saved reads "
                            + "(\(Self.milliseconds(ledger.saved))) in \(Self.milliseconds(now - ledger.since))"
                    ))
            } else {
                ledgers[key] = Ledger(since: now, writesBefore: total)
            }
        }
        return costly
    }

    /// Forgets the slow reads counted against `key`. Under `lock`.
    private func forgetSlowReads(_ key: Key) {
        slowReads[key] = nil
        slowTime[key] = nil
    }

    /// Slow reads before `key` is indexed: the policy's, doubled for each time writes made the
    /// index of that field too costly (at most 64 times). Under `lock`.
    private func readsBeforeIndex(_ key: Key) -> Int {
        policy.slowReadsBeforeIndex << min(costDrops[key] ?? 0, 6)
    }

    /// Fields with enough slow reads, most asked for first.
    private func candidates() -> [Key] {
        lock.withLock {
            slowReads.filter { $0.value >= readsBeforeIndex($0.key) && lastUse[$0.key] == nil }
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
            lock.withLock { forgetSlowReads(key) }
            return policy.log("auto-index: not indexing \(label): at the limit of automatic indexes")
        }
        let started = ContinuousClock.now
        switch try engine.createAutomaticIndex(key, maximumDocuments: policy.maximumDocuments) {
        case .built:
            lock.withLock {
                let reads = slowReads[key] ?? 0
                if reads > 0 { scanCost[key] = (slowTime[key] ?? .zero) / reads }
                forgetSlowReads(key)
                lastUse[key] = .now
                uses[key] = nil
                refreshIndexed(now: .now)
            }
            policy.log(
                "auto-index: indexed \(label) in \(Self.milliseconds(.now - started)) after slow reads")
        case .tooLarge(let documents):
            lock.withLock { forgetSlowReads(key) }
            policy.log("auto-index: not indexing \(label): \(documents) documents is over the limit")
        case .covered, .gone:
            lock.withLock { forgetSlowReads(key) }
        }
    }

    /// The automatic indexes slow reads found behind the writes, forgotten here.
    private func takeLagging() -> [Key] {
        lock.withLock {
            defer { lagging = [] }
            return lagging.filter { lastUse[$0] != nil }
        }
    }

    /// Catches `key` up with the writes past it and logs what that did.
    private func catchUp(_ key: Key, _ engine: any AutoIndexingEngine) throws {
        let started = ContinuousClock.now
        let outcome = try engine.catchUpAutomaticIndex(key, minimumNewDocuments: policy.catchUpDocuments)
        let took = ContinuousClock.now - started
        let name = lock.withLock {
            lastCatchUp[key] = .now
            if outcome != .current { ledgers[key]?.caughtUp += took }
            return names[key.collectionID]
        }
        let label = "\(name ?? "collection \(key.collectionID)").\(key.path) (\(key.purpose.rawValue))"
        let what: String
        switch outcome {
        case .current: return
        case .extended(let documents): what = "\(documents) new documents in a tier of their own"
        case .merged(let tiers, let documents):
            what = "\(tiers) tiers merged into one of \(documents) documents"
        case .rebuilt(let documents): what = "rebuilt over all \(documents) documents"
        }
        policy.log("auto-index: caught up \(label): \(what) in \(Self.milliseconds(took))")
    }

    private func drop(_ key: Key, _ engine: any AutoIndexingEngine, reason: String) throws {
        try engine.dropAutomaticIndex(key)
        let name = lock.withLock {
            lastUse[key] = nil
            uses[key] = nil
            scanCost[key] = nil
            lastCatchUp[key] = nil
            refreshIndexed(now: .now)
            return names[key.collectionID]
        }
        policy.log(
            "auto-index: dropped \(name ?? "collection \(key.collectionID)").\(key.path) (\(key.purpose.rawValue)): "
                + reason)
    }

    private static func milliseconds(_ duration: Duration) -> String {
        "\(duration.wholeMilliseconds) ms"
    }
}
