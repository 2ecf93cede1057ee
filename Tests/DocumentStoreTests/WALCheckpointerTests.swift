import Foundation
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// The pool's checkpoint thread keeps writes from copying the log back themselves.
@Suite(.offPool) struct WALCheckpointerTests {
    private let filler = String(repeating: "x", count: 3000)

    private func pool(_ db: TemporaryDatabase) throws -> ConnectionPool {
        let pool = try ConnectionPool(path: db.path, configuration: .init(checkpointPages: 8))
        try pool.write { try $0.execute("CREATE TABLE t(a TEXT)") }
        return pool
    }

    /// Inserts `count` rows of 3,000 bytes: at least one log page each.
    private func insert(_ count: Int, into pool: ConnectionPool) throws {
        for i in 0..<count {
            try pool.write { _ = try $0.run("INSERT INTO t VALUES (?)", [.text("\(i)\(filler)")]) }
        }
    }

    /// Polls until `condition` holds: the checkpoint runs on a thread of its own. Bounded (10 s).
    private func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return condition()
    }

    private func bytes(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func theThreadCopiesTheLogIntoTheDatabaseAndNoWriterDoes() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let pool = try pool(db)
        let checkpointer = try #require(pool.checkpointer)
        try insert(12, into: pool)
        // About two log pages a row: past the threshold (8), far below the writers' limit (64).
        #expect(eventually { checkpointer.counts.background >= 1 && bytes(db.path) >= 12 * 3000 })
        #expect(checkpointer.counts.inline == 0)
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM t") } == .integer(12))
    }

    @Test func withoutTheThreadAWriterCheckpointsOnlyAtEightTimesTheThreshold() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let pool = try pool(db)
        let checkpointer = try #require(pool.checkpointer)
        checkpointer.stop()
        try insert(12, into: pool)
        #expect(checkpointer.counts.inline == 0)
        #expect(bytes(db.path) < 12 * 3000)  // still all in the log
        try insert(200, into: pool)
        #expect(checkpointer.counts.background == 0)
        #expect(checkpointer.counts.inline >= 1)
        // Bounded: the log starts again after each checkpoint, so it never holds 200 rows' pages.
        #expect(bytes(db.path + "-wal") < 100 * 4096)
        #expect(bytes(db.path) >= 150 * 3000)
    }

    @Test func aStoreInMemoryHasNoLogAndNoThread() throws {
        let store = try DocumentStore.inMemory()
        #expect(store.pool.checkpointer == nil)
    }
}
