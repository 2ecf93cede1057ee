import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentStore

/// Restoring a snapshot (what `POST /_restlite/reset` does) must stay fast enough to run before
/// every test of a suite. What keeps it fast is checked, not timed: the whole restore is one
/// transaction (one commit, not one per document). The time is printed, never compared: a
/// loaded machine would break any bound. Set RESTLITE_SNAPSHOT_SIZES=1000,10000,100000 to print
/// more sizes.
@Suite struct SnapshotTimingTests {
    static func fill(_ store: DocumentStore, count: Int) throws {
        let cats: [JSONObject] = (0..<count).map { index in
            [
                "catName": .string("Felis catus \(index)"), "ownerName": .string("Owner O'Neil \(index)"),
                "breedId": .string(["abys", "beng", "sibe"][index % 3]),
                "birthDate": .string("2015-06-01T12:00:00.000Z"), "weightKg": 4.5,
                "rating": .number(JSONNumber(index % 5 + 1)),
                "photoUrl": .string("http://dummyimage.com/100x100.png/dddddd/000000"),
            ]
        }
        for chunk in stride(from: 0, to: count, by: 10_000) {
            _ = try store.insertMany(Array(cats[chunk..<min(count, chunk + 10_000)]), into: "a3cats")
        }
    }

    /// Milliseconds of the fastest of `runs` restores after a write each.
    static func restoreMilliseconds(documents: Int, runs: Int) throws -> Double {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        try fill(fixture.store, count: documents)
        let snapshot = try fixture.store.captureSnapshot()
        var best = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<runs {
            _ = try fixture.store.insert(["catName": "extra"], into: "a3cats")
            _ = try fixture.store.insert(["x": 1], into: "other")
            let started = clock.now
            try fixture.store.restoreSnapshot(snapshot)
            let elapsed = clock.now - started
            best = min(
                best,
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        #expect(try fixture.store.count(in: "a3cats") == documents)
        return best
    }

    /// A restore that fails at its last statement leaves the store as it was (every document it
    /// had put back is rolled back with it): the thousand inserts and the rest were one
    /// transaction. Then the real restore puts back exactly the snapshot.
    @Test func restoringAThousandDocumentsIsOneTransaction() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let store = fixture.store
        try Self.fill(store, count: 1000)
        let snapshot = try store.captureSnapshot()
        _ = try store.insert(["catName": "extra"], into: "a3cats")
        _ = try store.insert(["x": 1], into: "other")
        var collections = snapshot.collections
        let last = try #require(collections.last)
        collections.removeLast()
        collections.append(
            .init(
                row: last.row, id: last.id, indexSQL: last.indexSQL + ["CREATE INDEX broken ON nowhere(x)"],
                documents: last.documents))
        #expect(throws: (any Error).self) {
            try store.restoreSnapshot(StoreSnapshot(collections: collections))
        }
        #expect(try store.count(in: "a3cats") == 1001)
        #expect(store.collectionNames().sorted() == ["a3cats", "other"])

        let clock = ContinuousClock()
        let took = try clock.measure { try store.restoreSnapshot(snapshot) }
        print("snapshot restore, 1000 documents: \(took)")
        #expect(try store.count(in: "a3cats") == 1000)
        #expect(store.collectionNames() == ["a3cats"])
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["RESTLITE_SNAPSHOT_SIZES"] != nil))
    func restoreTimesForLargerStores() throws {
        let sizes = (ProcessInfo.processInfo.environment["RESTLITE_SNAPSHOT_SIZES"] ?? "")
            .split(separator: ",").compactMap { Int($0) }
        for size in sizes {
            let milliseconds = try Self.restoreMilliseconds(documents: size, runs: 3)
            print("snapshot restore, \(size) documents: \(milliseconds) ms")
            #expect(milliseconds > 0)
        }
    }
}
