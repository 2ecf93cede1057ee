import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The pool's wait for a free connection: bounded by a deadline, however often a waiter is woken
/// by a connection that another request takes first.
@Suite("PostgreSQL pool", .offPool)
struct PostgresPoolTests {
    private static func pool(capacity: Int, waitMilliseconds: Int) throws -> PostgresPool {
        PostgresPool(
            conninfo: try TemporaryPostgres.databaseURL(), libpq: try LibPQ.shared(), capacity: capacity,
            waitMilliseconds: waitMilliseconds)
    }

    /// Eight threads share one connection for 1,600 statements: each waits many times, each
    /// time woken by a connection given back that another thread may take first. None gives up
    /// before its 10 s (a waiter once counted every wake as 100 ms and gave up after 100 wakes).
    @Test func manyWakesWithoutAConnectionAreNotATimeout() throws {
        let pool = try Self.pool(capacity: 1, waitMilliseconds: 10_000)
        let failures = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                do {
                    _ = try pool.with { try $0.execute("SELECT 1") }
                } catch {
                    failures.add("\(error)")
                    return
                }
            }
        }
        #expect(failures.all == [])
    }

    /// A connection held past the wait: the waiter gives up after its time, not before, with
    /// `StoreUnavailable` naming the busy connections.
    @Test func aWaitPastItsTimeIsStoreUnavailable() throws {
        let pool = try Self.pool(capacity: 1, waitMilliseconds: 300)
        let start = ContinuousClock.now
        let outcome = Outcomes()
        try pool.with { _ in
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                do {
                    _ = try pool.with { try $0.execute("SELECT 1") }
                    outcome.add("a connection")
                } catch {
                    outcome.add("\(error)")
                }
                done.signal()
            }
            done.wait()
        }
        #expect(ContinuousClock.now - start >= .milliseconds(300))
        #expect(outcome.all.count == 1)
        let text = outcome.all.first ?? ""
        #expect(text.contains("all 1 PostgreSQL connections stayed busy"), "\(outcome.all)")
    }
}

/// Texts recorded from several threads.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [String] = []

    func add(_ text: String) { lock.withLock { texts.append(text) } }
    var all: [String] { lock.withLock { texts } }
}
