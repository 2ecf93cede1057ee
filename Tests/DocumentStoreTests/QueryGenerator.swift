import DocumentJSON

@testable import DocumentQuery
@testable import DocumentStore

/// Seeded random documents and queries for the differential test (SplitMix64, so a seed
/// always yields the same data on every platform).
struct QueryGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ upper: Int) -> Int { Int(next() % UInt64(upper)) }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    mutating func pick<T>(_ options: [T]) -> T { options[int(options.count)] }

    static let fields = ["a", "b", "n", "s", "d", "t", "o"]
    static let paths = fields + ["o.x", "o.y", "o.o.x", "t.x"]
    /// Query paths also go through arrays and name positions (`t.0`), or keys named "0".
    static let queryPaths = paths + ["t.0", "t.1", "t.0.x", "o.0", "t.x.y", "o.o.0", "t.o.x", "t.0.0"]
    static let strings = ["", "a", "b", "ab", "B", "Ab", "é", "a\"b", "x\\y", "a b", "line\nx", "7"]
    static let dates = [
        "2020-01-01T00:00:00.000Z", "2020-01-01T10:30:00.000Z", "2020-01-02T00:00:00.000Z",
        "2020-01-01T12:30:00+02:00", "2020-01-02", "2019-12-31T23:59:59.999Z", "2020-01-01T10:30:00Z",
    ]

    /// What `{"$date": ...}` literals hold: ISO dates, and now and then a dynamic date (the
    /// differential test fixes "now" at 2020-01-01T10:30:00Z, among the generated dates).
    static let dateLiterals =
        dates + [
            "$now", "$today", "$tomorrow", "$currentMonth", "$currentYear.add.1.days",
            "$moment.subtract.30.minutes",
            "$currentDate.subtract.1.days", "$lastMonth.add.1.months",
        ]

    /// A `$date` literal, or now and then the object form of a dynamic date.
    mutating func dateOperand() -> JSONValue {
        guard chance(85) else {
            return [
                pick(["$today", "$currentDate"]): ["$days": .number(JSONNumber(int(3) - 1)), "$hours": 10]
            ]
        }
        return ["$date": .string(pick(Self.dateLiterals))]
    }

    mutating func scalar() -> JSONValue {
        switch int(7) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .number(JSONNumber(int(11) - 5))
        case 3: return .number(JSONNumber(validatedText: pick(["2.5", "-1.5", "2.0", "0.5", "1e1"])))
        case 4, 5: return .string(pick(Self.strings))
        default: return .string(pick(Self.dates))
        }
    }

    mutating func value(depth: Int) -> JSONValue {
        guard depth > 0 else { return scalar() }
        switch int(10) {
        case 0, 1:
            // Arrays of scalars, and arrays of objects (paths such as `t.x` go through them).
            let objects = chance(40)
            return .array(
                (0..<int(4)).map { _ in
                    objects
                        ? object(depth: depth - 1, keys: ["x", "y", "0"])
                        : chance(80) ? scalar() : value(depth: depth - 1)
                })
        case 2: return object(depth: depth - 1, keys: ["x", "y", "o", "0"])
        default: return scalar()
        }
    }

    mutating func object(depth: Int, keys: [String]) -> JSONValue {
        var object = JSONObject()
        for key in keys where chance(70) { object[key] = value(depth: depth) }
        return .object(object)
    }

    mutating func document(id: String) -> JSONValue {
        var object = JSONObject()
        object["_id"] = .string(id)
        for field in Self.fields where chance(75) { object[field] = value(depth: 2) }
        return .object(object)
    }

    /// An operand: a scalar, sometimes a date literal, an array or an object.
    mutating func operand() -> JSONValue {
        switch int(10) {
        case 0: return dateOperand()
        case 1: return .array((0..<int(3)).map { _ in scalar() })
        case 2: return ["x": scalar()]
        default: return scalar()
        }
    }

    mutating func orderedOperand() -> JSONValue {
        switch int(5) {
        case 0: return dateOperand()
        case 1: return .bool(chance(50))
        case 2: return .string(pick(Self.strings))
        default: return .number(JSONNumber(int(11) - 5))
        }
    }

    mutating func operatorObject(depth: Int) -> JSONValue {
        var object = JSONObject()
        for _ in 0..<(1 + int(2)) {
            switch int(12) {
            case 0: object["$eq"] = operand()
            case 1: object["$ne"] = operand()
            case 2: object[pick(["$gt", "$gte", "$lt", "$lte"])] = orderedOperand()
            // Long lists put several values in each type class (one bound JSON array each).
            case 3: object["$in"] = .array((0..<(chance(25) ? 10 + int(30) : int(4))).map { _ in operand() })
            case 4: object["$nin"] = .array((0..<(chance(25) ? 10 + int(30) : int(3))).map { _ in operand() })
            case 5: object["$exists"] = .bool(chance(50))
            case 6:
                object["$regex"] = .string(pick(["^a", "b$", "a.b", "^$", "[0-9]", "É"]))
                if chance(50) { object["$options"] = .string(pick(["i", "s", "m", "ix"])) }
            case 7: object["$not"] = depth > 0 && chance(60) ? operatorObject(depth: depth - 1) : operand()
            case 8:
                let kind = int(3)
                let bounds: [JSONValue] =
                    kind == 0
                    ? [.number(JSONNumber(int(6) - 5)), .number(JSONNumber(int(6)))]
                    : kind == 1
                        ? [.string(pick(Self.strings)), .string(pick(Self.strings))]
                        : [
                            dateOperand(),
                            dateOperand(),
                        ]
                object["$bt"] = .array(bounds)
            case 9:
                object["$elemMatch"] =
                    chance(50) ? operatorObject(depth: 0).removingExists : query(depth: 0, paths: ["x", "y"])
            default: object["$eq"] = scalar()
            }
        }
        return .object(object)
    }

    mutating func query(depth: Int, paths: [String] = QueryGenerator.queryPaths) -> JSONValue {
        var object = JSONObject()
        for _ in 0..<(1 + int(2)) {
            if depth > 0, chance(20) {
                // Now and then more terms than one level of SQL parentheses joins.
                let count = chance(10) ? QueryCompiler.groupWidth + 1 + int(8) : 1 + int(2)
                object[pick(["$and", "$or", "$nor"])] = .array(
                    (0..<count).map { _ in query(depth: depth - 1) })
            } else {
                object[pick(paths)] = chance(40) ? operand() : operatorObject(depth: 1)
            }
        }
        return .object(object)
    }
}

extension JSONValue {
    /// `$exists` cannot test an element inside `$elemMatch`; the generator drops it there.
    fileprivate var removingExists: JSONValue {
        guard var object = objectValue else { return self }
        object.removeValue(forKey: "$exists")
        if case .object(var inner) = object["$not"] {
            inner.removeValue(forKey: "$exists")
            object["$not"] = inner.isEmpty ? .string("a") : .object(inner)
        }
        return object.isEmpty ? ["$eq": "a"] : .object(object)
    }
}
