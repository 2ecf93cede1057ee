import DocumentStore
import PlatformSupport

/// Documents read by id (`GET /rest/<collection>/<id>`), kept with the database state they were
/// read in (`PostgresTotals.stateSQL`), and the state checks that let them answer again.
///
/// A kept document answers a read when a state check that started after the read arrived finds
/// the state unchanged: two statements that see the same snapshot see the same committed rows,
/// so the answer is the row as it is now, never an older one. One check serves every read that
/// arrived before it started (`StateChecks`), so under load many reads share one small statement
/// instead of a statement each; alone, a read costs one statement as before. A read whose kept
/// document is known to be older than the last state seen (any commit since) is fetched at once,
/// with no check first.
///
/// Bounded: at most `capacity` documents and `byteBudget` bytes of their bodies; past a bound
/// they are forgotten all at once.
///
/// `@unchecked Sendable`: `entries`, `bytes` and the counters are only touched under `lock`.
final class PostgresDocuments: @unchecked Sendable {
    struct Key: Hashable {
        let table: String
        let id: String
    }

    struct Entry: Sendable {
        let state: String
        let document: Document
        let bytes: Int
    }

    static let capacity = 20_000
    static let byteBudget = 16 << 20

    let checks: StateChecks
    private let lock = PosixCondition()
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    private var hits = 0
    private var fetches = 0

    init(checks: StateChecks) {
        self.checks = checks
    }

    /// The kept document for `key` when it is worth a state check: kept in the last state seen.
    func candidate(_ key: Key) -> Entry? {
        guard let entry = lock.withLock({ entries[key] }), checks.lastSeen == entry.state else { return nil }
        return entry
    }

    /// A document fetched in `state`.
    func keep(_ key: Key, _ document: Document, state: String) {
        checks.saw(state)
        let size = document.body.count + key.id.utf8.count + key.table.utf8.count + state.utf8.count + 64
        lock.withLock {
            fetches += 1
            bytes -= entries.removeValue(forKey: key)?.bytes ?? 0
            if entries.count >= Self.capacity || bytes + size > Self.byteBudget {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            entries[key] = Entry(state: state, document: document, bytes: size)
            bytes += size
        }
    }

    /// A kept document answered a read.
    func hit() {
        lock.withLock { hits += 1 }
    }

    /// Reads answered from memory, documents fetched and kept, and how many are kept (tests, docs).
    var figures: (hits: Int, fetches: Int, kept: Int) {
        lock.withLock { (hits, fetches, entries.count) }
    }
}
