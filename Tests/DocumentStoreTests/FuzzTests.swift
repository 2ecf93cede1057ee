import DocumentJSON
import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

/// Random, mostly malformed, queries, hints and update bodies thrown at the parser, the
/// compiler, SQLite and the update applier. The only claim: nothing traps (a trap would stop
/// the test process), and every refusal is a typed error the API answers with a 4xx.
@Suite struct FuzzTests {
    private static let keys = [
        "$gt", "$gte", "$lt", "$lte", "$eq", "$ne", "$in", "$nin", "$exists", "$regex", "$options", "$not",
        "$and", "$or", "$nor", "$bt", "$elemMatch", "$date", "$foo", "a", "b", "a.b", "n", "_id", "_created",
        "_version", "_version.x", "_changedby", "", "a..b", "$", "tags",
    ]
    private static let numbers = [
        "0", "-0", "1", "-1", "2.5", "1e300", "-1e300", "1e400", "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808", "-9223372036854775000", "253402300799999", "-62167219200000", "1E-400",
        "99999999999999999999999",
    ]
    private static let strings = [
        "", "a", "x", "(", "^a", "[", "^(a+)+$", "2020-01-01", "0000-01-01T00:00:00Z",
        "9999-12-31T23:59:59.999Z",
        "99999-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "2020-01-01T00:00:00+23:59", "i", "imsx", "q", "é",
        "a\"b", "\\", "1",
    ]

    private func value(_ random: inout QueryGenerator, depth: Int) -> JSONValue {
        switch depth > 0 ? random.int(9) : random.int(5) {
        case 0: return .null
        case 1: return .bool(random.chance(50))
        case 2: return .number(JSONNumber(validatedText: random.pick(Self.numbers)))
        case 3, 4: return .string(random.pick(Self.strings))
        case 5, 6:
            var object = JSONObject()
            for _ in 0..<random.int(4) { object[random.pick(Self.keys)] = value(&random, depth: depth - 1) }
            return .object(object)
        default:
            let count = random.chance(5) ? 40 + random.int(40) : random.int(4)
            return .array((0..<count).map { _ in value(&random, depth: depth - 1) })
        }
    }

    private static let fields = ["a", "b", "a.b", "n", "_id", "_created", "_version", "tags", "a..b"]
    private static let operators = [
        "$gt", "$gte", "$lt", "$lte", "$eq", "$ne", "$in", "$nin", "$exists", "$regex", "$not", "$bt",
        "$elemMatch", "$options",
    ]

    /// Mostly well-formed queries with random operands, so most reach SQLite.
    private func query(_ random: inout QueryGenerator, depth: Int) -> JSONValue {
        if random.chance(10) { return value(&random, depth: depth) }
        var object = JSONObject()
        for _ in 0..<(1 + random.int(3)) {
            if depth > 0, random.chance(15) {
                let count = random.chance(10) ? 30 + random.int(30) : 1 + random.int(3)
                object[random.pick(["$and", "$or", "$nor"])] = .array(
                    (0..<count).map { _ in query(&random, depth: depth - 1) })
            } else if random.chance(40) {
                object[random.pick(Self.fields)] = operand(&random, depth: depth)
            } else {
                var operators = JSONObject()
                for _ in 0..<(1 + random.int(2)) {
                    let name = random.pick(Self.operators)
                    operators[name] =
                        name == "$elemMatch" || name == "$not"
                        ? (depth > 0 ? query(&random, depth: depth - 1) : operand(&random, depth: 0))
                        : operand(&random, depth: depth)
                }
                object[random.pick(Self.fields)] = .object(operators)
            }
        }
        return .object(object)
    }

    private func operand(_ random: inout QueryGenerator, depth: Int) -> JSONValue {
        switch random.int(6) {
        case 0:
            return [
                "$date": random.chance(50) ? .string(random.pick(Self.strings)) : value(&random, depth: 0)
            ]
        case 1 where depth > 0:
            return .array((0..<(random.chance(10) ? 50 : 2)).map { _ in operand(&random, depth: depth - 1) })
        default: return value(&random, depth: Swift.min(depth, 1))
        }
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func randomQueriesAndHintsEndInResultsOrTypedErrors(seed: UInt64) throws {
        var random = QueryGenerator(seed: seed)
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let documents = (0..<30).map { _ in storable(value(&random, depth: 3)).objectValue ?? ["a": 1] }
        _ = try fixture.store.insertMany(documents, into: "c")
        var answered = 0
        for _ in 0..<1500 {
            var request = FindRequest(collection: "c", query: query(&random, depth: 3))
            if random.chance(30) { request.hints = value(&random, depth: 2) }
            if random.chance(20) {
                request.groupBy = [random.pick(["a", "n", "_created", "a.b", "tags"])]
                request.aggregates = [
                    Aggregate(
                        function: random.pick(Aggregate.Function.allCases),
                        field: random.pick(["a", "n", "_version"]))
                ]
            }
            request.skip = random.pick([0, 1, 5, Int.max, Int.min])
            request.max = random.pick([0, 1, 10, Int.max, Int.min])
            request.totals = random.chance(50)
            do {
                _ = try fixture.store.find(request)
                var bytes: [UInt8] = []
                _ = try fixture.store.appendPageJSON(request, into: &bytes)
                answered += 1
            } catch let error as StoreError {
                guard case .badRequest = error else {
                    Issue.record("\(request.query?.serialized() ?? ""): \(error)")
                    continue
                }
            } catch {
                Issue.record(
                    "\(request.query?.serialized() ?? "") \(request.hints?.serialized() ?? ""): \(error)")
            }
        }
        #expect(answered > 100)
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func randomUpdateBodiesEndInDocumentsOrTypedErrors(seed: UInt64) throws {
        var random = QueryGenerator(seed: seed)
        let fixture = try StoreFixture()
        defer { fixture.close() }
        let operators = ["$set", "$unset", "$inc", "$push", "$pull", "$rename", "a", "_version"]
        var applied = 0
        for _ in 0..<600 {
            let start = storable(value(&random, depth: 3)).objectValue ?? ["a": 1]
            let collection = random.chance(50) ? "c" : "d"
            let stored = try fixture.store.insert(start, into: collection)
            var update = JSONObject()
            for _ in 0..<(1 + random.int(3)) {
                let name = random.pick(operators)
                update[name] =
                    name.hasPrefix("$") && random.chance(85) ? object(&random) : value(&random, depth: 2)
            }
            do {
                let document = try fixture.store.update(stored.id, in: collection, with: update)
                #expect(try JSON.parse(document.jsonString(metafields: true)).objectValue != nil)
                // No user field at the top level may carry a system name (or a path under one).
                let keys = document.object().keys.dropFirst()
                #expect(!keys.contains(where: SystemFields.owns), "\(update.serialized()): \(keys)")
                applied += 1
            } catch let error as StoreError {
                switch error {
                case .badRequest, .idMismatch, .validation: continue
                default: Issue.record("\(update.serialized()): \(error)")
                }
            }
        }
        #expect(applied > 100)
    }

    /// `value` as the store takes it: without the names no query reaches (`$gt`, `a..b`) and
    /// with numbers beyond a double made 0 (`StorableCheck`).
    private func storable(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(
                JSONObject(
                    object.filter { StorableCheck.nameProblem($0.key) == nil }.map {
                        ($0.key, storable($0.value))
                    }))
        case .array(let items): return .array(items.map(storable))
        case .number(let number) where !(Double(number.text)?.isFinite ?? false): return 0
        default: return value
        }
    }

    private func object(_ random: inout QueryGenerator) -> JSONValue {
        var object = JSONObject()
        for _ in 0..<(1 + random.int(3)) { object[random.pick(Self.keys)] = value(&random, depth: 2) }
        return .object(object)
    }
}
