import DocumentQuery
import PlatformSupport

/// List pages kept with the database state they were read in (`PostgresTotals.stateSQL`), so
/// that the same page asked again while nothing has committed anywhere in the cluster is answered
/// from memory, after one statement that finds the state unchanged.
///
/// The next read of a kept page runs the page statement with one more condition: the state is
/// not the kept page's (`PostgresEngine.pageSQL`'s `unlessState`). PostgreSQL evaluates that
/// condition once, before the scan (a `Result` node's one-time filter): in the same state the
/// page's scan is never run and no row is sent, only the trailing state row; in another state the
/// statement is the page as before, read and kept in place of the old one. Two statements that
/// see the same snapshot see the same committed rows, so a kept page is exact, never stale: a
/// commit of any process changes the state, and the very next read runs the page again.
///
/// Bounded: at most `capacity` pages and `byteBudget` bytes of their cells; a page larger than
/// `largestPage` is not kept. Past a bound the kept pages are forgotten all at once, as
/// `PostgresTotals` forgets its totals.
///
/// `@unchecked Sendable`: `entries`, `bytes` and the counters are only touched under `lock`; a
/// kept `PostgresRows` is never changed after it is kept (its trailer row is hidden before).
final class PostgresPages: @unchecked Sendable {
    /// A page read, the state it was read in, its total in that state and how long reading it
    /// took (what the page costs whenever it has to be read: the automatic indexes are told that
    /// for an answer from memory too, so a slow query is indexed whether or not it was kept).
    struct Entry: @unchecked Sendable {
        let state: String
        let rows: PostgresRows
        let total: Int
        let readTime: Duration
        let bytes: Int
    }

    static let capacity = 256
    static let byteBudget = 16 << 20
    static let largestPage = 1 << 20

    private let lock = PosixCondition()
    private var entries: [SQLFragment: Entry] = [:]
    private var bytes = 0
    private var hits = 0
    private var reads = 0

    /// The kept page for the page statement `page` (built without `unlessState`).
    func entry(_ page: SQLFragment) -> Entry? {
        lock.withLock { entries[page] }
    }

    /// A page read in `state` with its exact `total` there; kept unless it is too large.
    func keep(_ page: SQLFragment, rows: PostgresRows, total: Int, state: String, readTime: Duration = .zero)
    {
        let size = rows.byteCount + page.sql.utf8.count + state.utf8.count
        lock.withLock {
            reads += 1
            let old = entries.removeValue(forKey: page)
            bytes -= old?.bytes ?? 0
            guard size <= Self.largestPage else { return }
            if entries.count >= Self.capacity || bytes + size > Self.byteBudget {
                entries.removeAll(keepingCapacity: true)
                bytes = 0
            }
            entries[page] = Entry(state: state, rows: rows, total: total, readTime: readTime, bytes: size)
            bytes += size
        }
    }

    /// Forgets every kept page (tests of the page statements themselves).
    func removeAll() {
        lock.withLock {
            entries.removeAll()
            bytes = 0
        }
    }

    /// A kept page answered a read: the state had not changed.
    func hit() {
        lock.withLock { hits += 1 }
    }

    /// Pages answered from memory, pages read and kept, and the bytes kept (tests, docs).
    var figures: (hits: Int, reads: Int, bytes: Int, pages: Int) {
        lock.withLock { (hits, reads, bytes, entries.count) }
    }
}
