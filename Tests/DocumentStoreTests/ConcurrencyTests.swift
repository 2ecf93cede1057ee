import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentStore

@Suite(.offPool) struct ConcurrencyTests {
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

    /// Updates of one document from many threads: each reads, merges and writes in one turn of
    /// the writer, so no increment and no merged field is lost.
    @Test func concurrentUpdatesOfOneDocumentLoseNothing() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let store = fixture.store
        let seed = try store.insert(["n": 0, "tags": []], into: "c")
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for step in 0..<50 {
                do {
                    _ = try store.update(seed.id, in: "c", with: ["$inc": ["n": 1]])
                    _ = try store.update(seed.id, in: "c", with: ["w\(worker)": .number(JSONNumber(step))])
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.value == 0)
        let final = try store.document(seed.id, in: "c")
        #expect(final.version == 600)
        #expect(final.object()["n"]?.numberValue?.int64Value == 300)
        for worker in 0..<6 { #expect(final.object()["w\(worker)"]?.numberValue?.int64Value == 49) }
    }

    /// Inserts from many threads (ids and JSON are made outside the writer) all land once.
    @Test func concurrentInsertsAllLand() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let store = fixture.store
        let ids = LockedList()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<100 {
                if let document = try? store.insert(
                    ["worker": .number(JSONNumber(worker)), "step": .number(JSONNumber(step))], into: "c")
                {
                    ids.append(document.id)
                }
            }
        }
        #expect(ids.values.count == 400)
        #expect(Set(ids.values).count == 400)
        #expect(try store.count(in: "c") == 400)
        let listed = try store.find(FindRequest(collection: "c", max: 1000)).documents.map(\.id)
        #expect(listed == ids.values.sorted())
    }
}

/// Strings collected by test threads; `@unchecked Sendable` because `items` is only touched
/// under `lock`.
final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
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
