import PlatformSupport
import RestLiteTesting
import Testing

@testable import DocumentStore

/// Which reader connection a read gets.
@Suite(.offPool) struct ConnectionPoolTests {
    /// Steps two threads have reached, each waited for with a bound (10 s).
    final class Steps: @unchecked Sendable {
        private let condition = PosixCondition()
        private var reached: Set<String> = []

        func mark(_ step: String) {
            condition.withLock {
                reached.insert(step)
                condition.broadcast()
            }
        }

        /// Whether `step` was reached within 10 s.
        func wait(for step: String) -> Bool {
            let deadline = ContinuousClock.now + .seconds(10)
            condition.lock()
            defer { condition.unlock() }
            while !reached.contains(step) && ContinuousClock.now < deadline {
                condition.wait(milliseconds: 100)
            }
            return reached.contains(step)
        }
    }

    /// The connections' identities each side saw, written by the other thread.
    final class Seen: @unchecked Sendable {
        private let lock = PosixCondition()
        private var value: ObjectIdentifier?
        var identity: ObjectIdentifier? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }

    /// Two threads read at the same time, so each holds a reader of its own; the other thread
    /// puts its reader back last. The first thread's next read still gets the reader it used
    /// (handing out the reader put back last, as the pool did, gave it the other thread's, and
    /// so moved the connection's memory to another core on almost every read under load).
    @Test func aThreadGetsBackTheReaderItUsedLastWhileItIsIdle() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let pool = try ConnectionPool(path: db.path)
        try pool.write { try $0.execute("CREATE TABLE t(a TEXT)") }
        let steps = Steps()
        let other = Seen()
        PosixThread.spawn(name: "other-reader") {
            guard steps.wait(for: "first holds a reader") else { return }
            try? pool.read { reader in
                other.identity = ObjectIdentifier(reader)
                steps.mark("other holds a reader")
                _ = steps.wait(for: "first put its reader back")
            }
            steps.mark("other put its reader back")
        }
        let first = try pool.read { reader in
            steps.mark("first holds a reader")
            #expect(steps.wait(for: "other holds a reader"))
            return ObjectIdentifier(reader)
        }
        steps.mark("first put its reader back")
        #expect(steps.wait(for: "other put its reader back"))
        let otherReader = try #require(other.identity)
        #expect(otherReader != first)
        #expect(try pool.read { ObjectIdentifier($0) } == first)
    }
}
