import Foundation
import Testing

@testable import DocumentStore

@Suite struct ConcurrencyTests {
    /// Readers keep reading consistent documents while one writer inserts and updates.
    @Test func readersRunDuringWrites() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let store = fixture.store
        let seed = try store.insert(["n": 0], into: "c")
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            for step in 0..<100 {
                do {
                    if worker == 0 {
                        _ = try store.insert(["n": .number(JSONNumber(step))], into: "c")
                        _ = try store.update(seed.id, in: "c", with: ["$inc": ["n": 1]])
                    } else {
                        let read = try store.document(seed.id, in: "c")
                        let page = try store.find(FindRequest(collection: "c", max: 10, totals: true))
                        if read.object()["n"]?.numberValue?.int64Value != read.version || page.total! < 1 {
                            failures.increment()
                        }
                    }
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.value == 0)
        #expect(try store.count(in: "c") == 101)
        #expect(try store.document(seed.id, in: "c").version == 100)
    }
}

/// A counter shared by test threads; `@unchecked Sendable` because `count` is only touched
/// under `lock`.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
