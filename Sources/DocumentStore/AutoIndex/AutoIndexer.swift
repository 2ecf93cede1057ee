import DocumentQuery
import PlatformSupport

/// The store's automatic indexes at run time (`AutoIndexPolicy`).
///
/// Reads report the fields they filter and sort on and how long they took (`observe`); that
/// costs one lock and a few dictionary lookups, and nothing for a read with no query and no
/// sort. Building, dropping and looking at the file happen on one background thread at a time
/// (`work`), never on the read that asked for them.
///
/// Ownership argument for `@unchecked Sendable`: every `var` is read and written under `lock`.
final class AutoIndexer: @unchecked Sendable {
    struct Key: Hashable, Sendable {
        let collectionID: Int64
        let path: FieldPath
        let purpose: IndexDescription.Purpose
    }

    let policy: AutoIndexPolicy
    private let lock = PosixCondition()
    /// Slow reads counted against a field that has no automatic index yet.
    private var slowReads: [Key: Int] = [:]
    /// The automatic indexes in the file, and when a read last used each.
    private var lastUse: [Key: ContinuousClock.Instant] = [:]
    /// Collection names by id, for the log.
    private var names: [Int64: String] = [:]
    private var working = false
    private var lastSweep = ContinuousClock.now

    init(policy: AutoIndexPolicy) {
        self.policy = policy
    }

    /// Called after every read with the fields it used and its duration.
    func observe(_ fields: IndexableFields, info: CollectionInfo, elapsed: Duration, store: DocumentStore) {
        let now = ContinuousClock.now
        let keys =
            fields.filtered.map { Key(collectionID: info.id, path: $0, purpose: .filter) }
            + fields.sorted.map { Key(collectionID: info.id, path: $0, purpose: .sort) }
        let due: Bool = lock.withLock {
            var ready = false
            for key in keys {
                if lastUse[key] != nil {
                    lastUse[key] = now
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
        if due { PosixThread.spawn(name: "restlite-auto-index") { self.work(store) } }
    }

    /// Drops what went unused, then builds what slow reads asked for.
    private func work(_ store: DocumentStore) {
        defer { lock.withLock { working = false } }
        do {
            let existing = try store.automaticIndexKeys()
            let now = ContinuousClock.now
            let unused: [Key] = lock.withLock {
                lastSweep = now
                lastUse = existing.reduce(into: [:]) { table, key in table[key] = lastUse[key] ?? now }
                return lastUse.filter { now - $0.value >= policy.dropUnusedAfter }.map(\.key)
            }
            for key in unused { try drop(key, store) }
            for key in candidates() { try build(key, store) }
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

    private func build(_ key: Key, _ store: DocumentStore) throws {
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
        switch try store.createAutomaticIndex(key, maximumDocuments: policy.maximumDocuments) {
        case .built:
            lock.withLock {
                slowReads[key] = nil
                lastUse[key] = .now
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

    private func drop(_ key: Key, _ store: DocumentStore) throws {
        try store.dropAutomaticIndex(key)
        let name = lock.withLock {
            lastUse[key] = nil
            return names[key.collectionID]
        }
        policy.log(
            "auto-index: dropped \(name ?? "collection \(key.collectionID)").\(key.path) (\(key.purpose.rawValue)): "
                + "unused for \(policy.dropUnusedAfter)")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }
}
