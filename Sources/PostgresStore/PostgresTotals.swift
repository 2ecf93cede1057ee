import DocumentQuery
import PlatformSupport

/// The totals of list pages (`X-Pagination`, `totals=true`), each kept with the state of the
/// database it was counted in (or known in, from a short page's own rows), so that a page of the
/// same collection and condition asks PostgreSQL to count again only when that state has
/// changed.
///
/// The state is the statement's snapshot (`txid_current_snapshot()`: the oldest running
/// transaction, the next one, the ones running in between) and the server's start time. Two
/// statements with the same snapshot see the same committed rows, so a total counted in one is
/// exact in the other: nothing is invalidated by hand and no notice has to arrive first. Any
/// commit in the cluster (a write of this process or of another one, on any table) changes the
/// snapshot; the next full page then counts, as it did before, and keeps the new total. A
/// restart, a failover or another server behind the same URL changes the start time.
///
/// The page statement reads the state it runs in, in a row after the page's rows (`PostgresEngine`
/// `page`): a page whose state matches the kept total's costs no count at all, and neither does
/// a short page (its total is `skip` + its rows). Only a full page in a new state is counted, in
/// the same statement as the page (an init plan PostgreSQL runs only when that row needs it).
///
/// `@unchecked Sendable`: `entries` and the counters are only touched under `lock`.
final class PostgresTotals: @unchecked Sendable {
    /// A collection's table and a condition with its bindings.
    struct Key: Hashable {
        let table: String
        let condition: String
        let bindings: [SQLValue]

        init(table: String, condition: SQLFragment) {
            self.table = table
            self.condition = condition.sql
            self.bindings = condition.bindings
        }
    }

    /// A total, the state (`stateSQL`) it was counted in, and whether a later page found that
    /// state still current (`held`: the next page checks it with the cheap statement, see
    /// `PostgresEngine` `page`; a total counted again is checked by the full statement first,
    /// so that a collection written between every list is not read twice per list).
    struct Entry: Sendable {
        let state: String
        let total: Int
        var held = false
    }

    /// The database state a statement runs in, as one text.
    static let stateExpression = "txid_current_snapshot()::text || ' ' || pg_postmaster_start_time()::text"

    /// `stateExpression` as a scalar subquery (an init plan PostgreSQL runs once per statement).
    static let stateSQL = "(SELECT \(stateExpression))"

    /// Totals kept at most; past that the oldest are forgotten all at once.
    static let capacity = 512

    private let lock = PosixCondition()
    private var entries: [Key: Entry] = [:]
    private var counts = 0
    private var reuses = 0

    func entry(_ key: Key) -> Entry? {
        lock.withLock { entries[key] }
    }

    /// A total PostgreSQL counted in `state`.
    func counted(_ key: Key, total: Int, state: String) {
        lock.withLock {
            counts += 1
            keep(key, Entry(state: state, total: total))
        }
    }

    /// A total known from a short page (`skip` + its rows) in `state`: kept, not counted.
    func known(_ key: Key, total: Int, state: String) {
        lock.withLock { keep(key, Entry(state: state, total: total, held: true)) }
    }

    private func keep(_ key: Key, _ entry: Entry) {
        if entries.count >= Self.capacity, entries[key] == nil {
            entries.removeAll(keepingCapacity: true)
        }
        entries[key] = entry
    }

    /// The total of a kept page (`PostgresPages`) that answered in `state`: a reuse when the
    /// condition's kept total is of that state, else that total kept for it.
    func keptPage(_ key: Key, total: Int, state: String) {
        lock.withLock {
            if entries[key]?.state == state {
                reuses += 1
                entries[key]?.held = true
            } else {
                keep(key, Entry(state: state, total: total, held: true))
            }
        }
    }

    /// A kept total that PostgreSQL found still exact.
    func reused(_ key: Key) {
        lock.withLock {
            reuses += 1
            entries[key]?.held = true
        }
    }

    /// How many full pages counted their total and how many reused a kept one (tests).
    var figures: (counted: Int, reused: Int) {
        lock.withLock { (counts, reuses) }
    }
}
