import DocumentQuery
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import PostgresStore

/// A connection to a new database on the test process's shared cluster
/// (`TemporaryPostgres.databaseURL()`, which records plainly when PostgreSQL is missing).
enum PostgresFixture {
    static func connection() throws -> PostgresConnection {
        try PostgresConnection(conninfo: try TemporaryPostgres.databaseURL(), libpq: try LibPQ.shared())
    }
}

/// A number several threads raise or add to.
final class SharedNumber: @unchecked Sendable {
    private let lock = NSLock()
    private var number = 0

    func raise(to value: Int) { lock.withLock { number = max(number, value) } }
    func add(_ value: Int) { lock.withLock { number += value } }
    var value: Int { lock.withLock { number } }
}

extension PostgresFixture {
    /// A connection of its own to `url` with a transaction open that has inserted the cat `id`
    /// (`{"_id": id, "n": n}`) into `engine`'s cats: the caller commits it (`COMMIT`) or not.
    static func uncommittedCat(_ id: String, n: Int, url: String, engine: PostgresEngine) throws
        -> PostgresConnection
    {
        let other = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let table = try engine.collection("cats").table
        try other.execute("BEGIN")
        try other.execute(
            "INSERT INTO \(table)(id, body, created, changed, version) VALUES (?, ?, 0, 0, 0)",
            [.text(id), .text(#"{"_id":"\#(id)","n":\#(n)}"#)])
        return other
    }

    /// Four threads read in a loop while this thread writes `steps` times. `write` returns what it
    /// acknowledged (a version, a count; nil: it failed), `read` what it saw (nil: it failed). A
    /// read is stale when it saw less than what was acknowledged before it started.
    static func readWhileWriting(
        steps: Int, write: (Int) -> Int?, read: @escaping @Sendable () -> Int?
    ) -> (acknowledged: Int, stale: Int, reads: Int) {
        let acknowledged = SharedNumber()
        let stale = SharedNumber()
        let reads = SharedNumber()
        let done = SharedNumber()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            Thread.detachNewThread {
                var (fresh, old) = (0, 0)
                while done.value == 0 {
                    let floor = acknowledged.value
                    if let seen = read(), seen >= floor { fresh += 1 } else { old += 1 }
                }
                reads.add(fresh)
                stale.add(old)
                finished.signal()
            }
        }
        for step in 1...steps {
            if let value = write(step) { acknowledged.raise(to: value) }
        }
        done.raise(to: 1)
        for _ in 0..<4 { finished.wait() }
        return (acknowledged.value, stale.value, reads.value)
    }
}
