import Testing

@testable import DocumentJSON
@testable import DocumentStore

/// `DocumentClock`, `IDSource` and the in-memory store they make repeatable.
@Suite struct ClockAndIDSourceTests {
    private static let start = ISODate.parse("2020-01-01T00:00:00Z")!

    @Test func clocksParseAndReadAsDocumented() throws {
        let fixed = try #require(DocumentClock.parse("2020-01-01T00:00:00Z"))
        #expect(fixed.nowMilliseconds() == Self.start && fixed.nowMilliseconds() == Self.start)
        let stepping = try #require(DocumentClock.parse("2020-01-01T00:00:00Z+1s"))
        #expect((0..<3).map { _ in stepping.nowMilliseconds() } == [0, 1000, 2000].map { Self.start + $0 })
        let fine = try #require(DocumentClock.parse("2020-01-01T00:00:00.500Z+250ms"))
        #expect(fine.nowMilliseconds() == Self.start + 500 && fine.nowMilliseconds() == Self.start + 750)
        #expect(DocumentClock.parse("2020-01-01T00:00:00Z+2h")?.nowMilliseconds() == Self.start)
        for bad in [
            "", "now", "2020-01-01T00:00:00Z+", "2020-01-01T00:00:00Z+-1s", "2020-01-01T00:00:00Z+1w",
        ] {
            #expect(DocumentClock.parse(bad) == nil, "\(bad)")
        }
        let system = DocumentClock.system.nowMilliseconds()
        #expect(abs(system - ISODate.nowMilliseconds()) < 5000)
    }

    @Test func seededSourcesRepeatAndDifferBySeed() {
        let first = IDSource.seeded(42)
        let second = IDSource.seeded(42)
        let other = IDSource.seeded(43)
        let a = (0..<5).map { _ in first.next(milliseconds: Self.start) }
        let b = (0..<5).map { _ in second.next(milliseconds: Self.start) }
        let c = (0..<5).map { _ in other.next(milliseconds: Self.start) }
        #expect(a == b)
        #expect(a != c)
        #expect(a == a.sorted() && Set(a).count == 5)
        #expect(a.allSatisfy { $0.hasPrefix("5e0be100") && ObjectID.isValid($0) })
    }

    @Test func twoInMemoryStoresWithTheSameClockAndSeedStoreTheSameDocuments() throws {
        func run() throws -> [String] {
            var options = DocumentStore.Options()
            options.clock = .stepping(from: Self.start, byMilliseconds: 1000)
            options.ids = .seeded(5)
            let store = try DocumentStore.inMemory(options: options)
            let inserted = try store.insertMany(
                [["n": .number(JSONNumber(1))], ["n": .number(JSONNumber(2))]], into: "things")
            let third = try store.insert(["n": .number(JSONNumber(3))], into: "things")
            return (inserted + [third]).map { "\($0.id) \($0.created) \($0.changed)" }
        }
        let once = try run()
        #expect(try run() == once)
        #expect(once.count == 3)
        #expect(once[0].hasSuffix(" \(Self.start + 1000) \(Self.start + 1000)"))
    }

    @Test func inMemoryStoresAreSeparateAndReadersSeeTheWritersData() throws {
        let first = try DocumentStore.inMemory()
        let second = try DocumentStore.inMemory()
        _ = try first.insert(["a": .string("x")], into: "things")
        #expect(try first.count(in: "things") == 1)
        #expect(first.collectionNames() == ["things"])
        #expect(second.collectionNames().isEmpty)
    }
}
