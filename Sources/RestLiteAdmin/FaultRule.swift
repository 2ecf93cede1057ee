import DocumentJSON
import DocumentStore

/// A rule that makes matching requests fail on purpose, so a client's error handling can be
/// tested: `{"method":"GET","path":"/rest/a3cats/*","action":"status","status":503}`.
public struct FaultRule: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// Wait, then answer normally.
        case delay(milliseconds: Int)
        /// Answer this status with restdb's error body instead of running the request.
        case status(code: Int, message: String?)
        /// Close the connection without answering.
        case drop
        /// Answer normally, but wait between the head and the body.
        case slow(milliseconds: Int)
    }

    public var id: String
    /// `GET`, `POST`, ... or nil for any method.
    public var method: String?
    public var path: Glob
    /// Text the raw query string must contain.
    public var query: String?
    /// A header that must be present with exactly this value (name in any case).
    public var header: (name: String, value: String)?
    public var action: Action
    /// Chance (0...1) that a matching request is hit; drawn from a seeded generator.
    public var probability: Double
    public var seed: UInt64?
    /// How many requests the rule hits at most; nil is no limit.
    public var times: Int?

    public static func == (lhs: FaultRule, rhs: FaultRule) -> Bool {
        lhs.id == rhs.id && lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query
            && lhs.header?.name == rhs.header?.name && lhs.header?.value == rhs.header?.value
            && lhs.action == rhs.action && lhs.probability == rhs.probability && lhs.seed == rhs.seed
            && lhs.times == rhs.times
    }

    /// Reads a rule from its JSON object; the message says what is wrong.
    public init(json: JSONValue, id: String) throws(FaultRuleError) {
        guard let object = json.objectValue else {
            throw FaultRuleError("a fault rule must be a JSON object")
        }
        let known: Set<String> = [
            "id", "method", "path", "query", "header", "action", "ms", "status", "message", "probability",
            "seed",
            "times",
        ]
        if let unknown = object.keys.first(where: { !known.contains($0) }) {
            throw FaultRuleError(
                "unknown field '\(unknown)' in a fault rule; use \(known.sorted().joined(separator: ", "))")
        }
        self.id = object["id"]?.stringValue ?? id
        method = try Self.string(object, "method").map { $0.uppercased() }.flatMap { $0 == "*" ? nil : $0 }
        path = Glob(try Self.string(object, "path") ?? "*")
        query = try Self.string(object, "query")
        if let header = object["header"] {
            guard let text = header.stringValue, let equals = text.firstIndex(of: "=") else {
                throw FaultRuleError("header must be a string 'name=value'")
            }
            self.header = (String(text[..<equals]), String(text[text.index(after: equals)...]))
        }
        let milliseconds = try Self.integer(object, "ms", in: 0...600_000)
        switch try Self.string(object, "action") {
        case "delay":
            action = .delay(milliseconds: milliseconds ?? 1000)
        case "status":
            let code = try Self.integer(object, "status", in: 100...599) ?? 500
            action = .status(code: code, message: try Self.string(object, "message"))
        case "drop":
            action = .drop
        case "slow":
            action = .slow(milliseconds: milliseconds ?? 1000)
        case let other:
            throw FaultRuleError(
                "action must be one of delay, status, drop, slow (got \(other.map { "'\($0)'" } ?? "none"))")
        }
        if let chance = object["probability"] {
            guard let value = chance.numberValue?.doubleValue, (0...1).contains(value) else {
                throw FaultRuleError("probability must be a number from 0 to 1")
            }
            probability = value
        } else {
            probability = 1
        }
        seed = try Self.integer(object, "seed", in: 0...Int.max).map { UInt64($0) }
        times = try Self.integer(object, "times", in: 1...Int.max)
    }

    func matches(method: String, path: String, rawQuery: String, headers: (String) -> String?) -> Bool {
        if let expected = self.method, expected != method { return false }
        if !self.path.matches(path) { return false }
        if let query, !rawQuery.contains(query) { return false }
        if let header, headers(header.name) != header.value { return false }
        return true
    }

    /// The rule as `GET /_restlite/faults` lists it, with the uses it has left.
    func json(remaining: Int?) -> JSONValue {
        var object = JSONObject([("id", .string(id))])
        object["method"] = method.map(JSONValue.string) ?? .string("*")
        object["path"] = .string(path.pattern)
        if let query { object["query"] = .string(query) }
        if let header { object["header"] = .string("\(header.name)=\(header.value)") }
        switch action {
        case .delay(let ms):
            object["action"] = "delay"
            object["ms"] = .number(JSONNumber(ms))
        case .status(let code, let message):
            object["action"] = "status"
            object["status"] = .number(JSONNumber(code))
            if let message { object["message"] = .string(message) }
        case .drop:
            object["action"] = "drop"
        case .slow(let ms):
            object["action"] = "slow"
            object["ms"] = .number(JSONNumber(ms))
        }
        object["probability"] = .number(JSONNumber(probability))
        if let seed { object["seed"] = .number(JSONNumber(Int64(bitPattern: seed))) }
        if let times { object["times"] = .number(JSONNumber(times)) }
        object["remaining"] = remaining.map { .number(JSONNumber($0)) } ?? .null
        // A rule acts on this process's requests only, whatever others share its database.
        object["scope"] = "process"
        return .object(object)
    }

    private static func string(_ object: JSONObject, _ key: String) throws(FaultRuleError) -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw FaultRuleError("\(key) must be a string") }
        return text
    }

    private static func integer(_ object: JSONObject, _ key: String, in range: ClosedRange<Int>)
        throws(FaultRuleError) -> Int?
    {
        guard let value = object[key], !value.isNull else { return nil }
        guard let number = value.numberValue?.int64Value, let int = Int(exactly: number), range.contains(int)
        else {
            throw FaultRuleError(
                "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }
}

/// A fault rule that could not be read.
public struct FaultRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
