import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentStore

/// A query that is slow on every row, though under ICU's per-value limit on each, ends at the
/// store's query budget with a client's error naming the limit.
@Suite struct QueryBudgetTests {
    /// Five greedy groups before a letter that never comes: about a tenth of a second per
    /// URL-like value, every value just under ICU's limit.
    static let slowPattern = "^(.*)(.*)(.*)(.*)(.*)X"

    private static func urls(_ count: Int) -> [JSONObject] {
        (0..<count).map { ["photoUrl": .string("https://cdn2.thecatapi.com/images/cat-\($0)-photo.jpg")] }
    }

    @Test func aQuerySlowOnEveryRowEndsAtTheBudget() throws {
        var options = DocumentStore.Options()
        options.queryBudget = .milliseconds(300)
        let fixture = try StoreFixture(options: options)
        defer { fixture.close() }
        _ = try fixture.store.insertMany(Self.urls(100), into: "cats")
        let request = FindRequest(
            collection: "cats", query: ["photoUrl": ["$regex": .string(Self.slowPattern)]])
        let clock = ContinuousClock()
        var caught: String?
        let elapsed = clock.measure {
            do {
                _ = try fixture.store.find(request)
            } catch StoreError.badRequest(let message) {
                caught = message
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        // The answer says the budget stopped it (ICU's per-value limit says "took too long"
        // instead; without a budget the query runs about ten seconds and matches nothing).
        let message = try #require(caught)
        #expect(message.contains("300 ms budget") && message.contains("--query-budget"), "\(message)")
        // Not before the budget was spent: load can only make `elapsed` longer.
        #expect(elapsed >= .milliseconds(300), "took \(elapsed)")
        // The same store answers an ordinary query right after.
        let plain = FindRequest(collection: "cats", query: ["photoUrl": ["$regex": "cat-7-"]])
        #expect(try fixture.store.find(plain).documents.count == 1)
    }

    @Test func aScanPastTheBudgetWithoutARegexEndsToo() throws {
        var options = DocumentStore.Options()
        options.queryBudget = .milliseconds(1)
        let fixture = try StoreFixture(options: options)
        defer { fixture.close() }
        _ = try fixture.store.insertMany(Self.urls(20_000), into: "cats")
        // The deadline is checked by SQLite's progress handler between VM instructions.
        let query: JSONValue = ["photoUrl": ["$gt": "z"]]
        #expect(throws: StoreError.self) { _ = try fixture.store.count(in: "cats", matching: query) }
    }
}
