import CSQLite
import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Queries that are well formed but too costly (a runaway `$regex`, lists and combinations
/// past SQLite's limits) end as a client's error, never as a crash, an internal error or a
/// worker held for minutes.
@Suite struct QueryLimitsTests {
    /// `^(a+)+$` backtracks exponentially on a run of `a` that ends in something else (ICU
    /// needed about a second for 26 of them without a limit).
    private let runaway = "^(a+)+$"
    private let victim = String(repeating: "a", count: 30) + "!"

    @Test func aRunawayRegexIsStoppedWithAnErrorNamingIt() throws {
        let regex = try QueryRegex(pattern: runaway, options: "")
        var caught: QueryError?
        do throws(QueryError) {
            _ = try regex.matches(victim)
        } catch {
            caught = error
        }
        // ICU's time limit stopped it: the error says so. No clock here: without the limit the
        // match runs on (tens of seconds for 30 letters), then answers false and throws nothing.
        let error = try #require(caught)
        #expect(error.kind == .tooComplex)
        #expect(error.message.contains("`^(a+)+$`") && error.message.contains("took too long"))
        // An ordinary pattern on the same text still answers.
        #expect(try QueryRegex(pattern: "^a+!$", options: "").matches(victim))
    }

    @Test func aRunawayRegexInAStoreReadIsABadRequest() throws {
        let fixture = try StoreFixture()
        defer { fixture.close() }
        _ = try fixture.store.insertMany([["s": "abc"], ["s": .string(victim)]], into: "c")
        let request = FindRequest(collection: "c", query: ["s": ["$regex": .string(runaway)]])
        for run in [
            { _ = try fixture.store.find(request) },
            { _ = try fixture.store.count(in: "c", matching: request.query) },
        ] {
            do {
                try run()
                Issue.record("the runaway regex answered")
            } catch let error as StoreError {
                guard case .badRequest(let message) = error else { throw error }
                #expect(message.contains("`^(a+)+$`") && message.contains("took too long"), "\(message)")
            }
        }
        var bytes: [UInt8] = []
        #expect(throws: StoreError.self) { try fixture.store.appendPageJSON(request, into: &bytes) }
        // The reader that ran it is fine afterwards.
        #expect(
            try fixture.store.find(FindRequest(collection: "c", query: ["s": "abc"])).documents.count == 1)
    }

    private func numbered(_ count: Int) throws -> StoreFixture {
        let fixture = try StoreFixture()
        let documents: [JSONObject] = (0..<count).map {
            ["n": .number(JSONNumber($0)), "s": .string("v\($0)")]
        }
        _ = try fixture.store.insertMany(documents, into: "c")
        return fixture
    }

    private func values(_ fixture: StoreFixture, _ query: JSONValue) throws -> [Int] {
        let result = try fixture.store.find(FindRequest(collection: "c", query: query))
        return result.documents.compactMap { $0.object()["n"]?.numberValue?.int64Value }.map(Int.init)
    }

    @Test func longInAndNinListsAnswerLikeShortOnes() throws {
        let fixture = try numbered(20)
        defer { fixture.close() }
        // 1,200 values of each kind once went past SQLite's expression depth of 1000.
        let strings = (0..<1200).map { JSONValue.string("v\($0 * 3)") }
        let numbers = (0..<1200).map { JSONValue.number(JSONNumber($0 * 5)) }
        #expect(try values(fixture, ["s": ["$in": .array(strings)]]) == [0, 3, 6, 9, 12, 15, 18])
        #expect(try values(fixture, ["n": ["$in": .array(numbers)]]) == [0, 5, 10, 15])
        #expect(try values(fixture, ["n": ["$nin": .array(numbers + strings)]]).count == 16)
        let ids = try fixture.store.find(FindRequest(collection: "c")).documents.map {
            JSONValue.string($0.id)
        }
        let someIDs =
            Array(ids.prefix(3))
            + (0..<1500).map { .string(String(repeating: "0", count: 20) + "\($0 + 1000)") }
        #expect(try values(fixture, ["_id": ["$in": .array(someIDs)]]) == [0, 1, 2])
    }

    @Test func aHugeOrIsAnswered() throws {
        let fixture = try numbered(10)
        defer { fixture.close() }
        let arms = (0..<3000).map { JSONValue.object(["n": .number(JSONNumber($0 * 2))]) }
        #expect(try values(fixture, ["$or": .array(arms)]) == [0, 2, 4, 6, 8])
        let fields = JSONObject((0..<2000).map { ("f\($0)", JSONValue.null) })
        #expect(try values(fixture, .object(fields)).count == 10)
    }

    @Test func sqliteLimitsAndQueryFunctionFailuresAreTheClientsErrors() {
        let depth = SQLiteError(
            code: SQLITE_ERROR, message: "Expression tree is too large (maximum depth 1000)")
        guard case .badRequest(let message)? = QueryFailure.storeError(depth) else {
            Issue.record("not a bad request")
            return
        }
        #expect(message.contains("too complex") && message.contains("maximum depth 1000"))
        let function = SQLiteError(
            code: SQLITE_ERROR, message: QueryFailure.marker + "the regex took too long")
        #expect(QueryFailure.storeError(function) == .badRequest("the regex took too long"))
        #expect(
            QueryFailure.storeError(SQLiteError(code: SQLITE_TOOBIG, message: "string or blob too big"))
                != nil)
        // The store's own failures stay internal errors.
        #expect(QueryFailure.storeError(SQLiteError(code: SQLITE_BUSY, message: "database is locked")) == nil)
        #expect(
            QueryFailure.storeError(SQLiteError(code: SQLITE_ERROR, message: "no such table: docs_9")) == nil)
    }

    @Test func deeplyNestedQueriesAreAnsweredOrRefusedAsABadRequest() throws {
        let fixture = try numbered(3)
        defer { fixture.close() }
        // JSON nesting stops at 256 levels; SQLite 3.40's parser stack holds 8 levels of
        // `$elemMatch` (each is a subquery). Every query is either answered correctly or refused
        // as the client's error; the shallow ones must be answered.
        var cases: [(query: JSONValue, expected: [Int], mustAnswer: Bool)] = []
        for depth in [1, 8, 9, 50, 250] {
            var elements: JSONValue = ["$gte": 0]
            var negations: JSONValue = ["$gte": 0]
            for _ in 0..<depth {
                elements = ["$elemMatch": elements]
                negations = ["$not": negations]
            }
            // `n` is a number, never an array: no `$elemMatch` matches; an even number of
            // `$not`s is `$gte: 0` again.
            cases.append((["n": elements], [], depth <= 8))
            cases.append((["n": negations], depth % 2 == 0 ? [0, 1, 2] : [], depth <= 8))
        }
        var nested: JSONValue = ["n": 1]
        for level in 0..<120 { nested = [level % 2 == 0 ? "$or" : "$and": [nested, ["s": "x"]]] }
        // No document has `s: "x"`, so the outermost `$and` (level 119) matches nothing.
        cases.append((nested, [], false))
        var answered = 0
        for item in cases {
            do {
                #expect(try values(fixture, item.query) == item.expected, "\(item.query)")
                answered += 1
            } catch let error as StoreError {
                guard case .badRequest(let message) = error else { throw error }
                #expect(!item.mustAnswer, "refused \(item.query): \(message)")
                #expect(!message.isEmpty)
            }
        }
        #expect(answered >= 4)
    }
}
