import PlatformSupport
import SocketHTTP

/// Encoded pictures by canonical request, kept within a byte budget (of memory, or of
/// temporary files for the large answers sent from a file). The least recently used
/// entries go first when the budget is exceeded; a picture larger than the whole budget is
/// never kept. Thread-safe behind one lock; two threads that miss the same key at once both
/// draw it, which is harmless because drawing is deterministic.
final class PictureCache: @unchecked Sendable {
    struct Entry {
        /// The bytes, when they are kept in memory.
        let body: [UInt8]
        let contentType: String
        let etag: String
        /// The bytes, when they are in a temporary file instead (`body` is then empty).
        var file: HTTPBodyFile? = nil

        /// Bytes the entry holds, in memory or on disk.
        var size: Int { file?.count ?? body.count }
    }

    private let lock = PosixCondition()
    private let budget: Int
    private var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(budget: Int) { self.budget = max(0, budget) }

    /// The cached entry for `key`, or the one `make` builds (then cached).
    func entry(for key: String, make: () -> Entry) -> Entry {
        if let hit = lookup(key) { return hit }
        let made = make()
        store(made, for: key)
        return made
    }

    /// Bytes held now, for tests.
    var storedBytes: Int { lock.withLock { bytes } }

    func lookup(_ key: String) -> Entry? {
        lock.withLock {
            guard let found = entries[key] else { return nil }
            clock += 1
            entries[key] = (found.entry, clock)
            return found.entry
        }
    }

    func store(_ entry: Entry, for key: String) {
        guard entry.size <= budget else { return }
        lock.withLock {
            clock += 1
            if let old = entries.updateValue((entry, clock), forKey: key) { bytes -= old.entry.size }
            bytes += entry.size
            while bytes > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                bytes -= oldest.value.entry.size
                entries.removeValue(forKey: oldest.key)
            }
        }
    }
}
