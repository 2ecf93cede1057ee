import CEventLoop
import DocumentJSON
import DocumentStore
import PlatformSupport
import SocketHTTP

/// The fault rules in force, in the order they were added, with their generators and uses left.
///
/// A request reads one atomic count first: with no rule in force (nearly always) it takes no
/// lock. The count changes under the lock with the rules, so a rule added is applied from the
/// next request that starts after `add` returned.
public final class FaultTable: @unchecked Sendable {
    struct Slot {
        var rule: FaultRule
        var generator: SplitMix64
        var remaining: Int?
    }

    // Guarded by `lock`.
    private let lock = PosixCondition()
    private var slots: [Slot] = []
    private var nextNumber = 1
    private let serverSeed: UInt64
    /// `slots.count`, written under `lock`, read without it by every request: on a cache line
    /// of its own (`cel_cells_allocate`), or each read missed whenever a neighbouring cell was
    /// written.
    private let ruleCount: UnsafeMutablePointer<Int64> = cel_cells_allocate(1)!

    /// - Parameter seed: draws for rules without a seed of their own; rule n gets `seed + n`.
    public init(seed: UInt64?) {
        serverSeed = seed ?? UInt64.random(in: 0...UInt64.max)
    }

    deinit { cel_cells_free(ruleCount) }

    /// Whether any rule is in force: one atomic load, no lock.
    public var hasRules: Bool { cel_atomic_load(ruleCount) > 0 }

    /// Under `lock`, after `slots` changed.
    private func countRules() { cel_atomic_store(ruleCount, Int64(slots.count)) }

    /// Reads and adds a rule; answers it with its id.
    @discardableResult
    public func add(json: JSONValue) throws(FaultRuleError) -> FaultRule {
        lock.lock()
        defer { lock.unlock() }
        let number = nextNumber
        let rule = try FaultRule(json: json, id: "f\(number)")
        if slots.contains(where: { $0.rule.id == rule.id }) {
            throw FaultRuleError("a fault rule with id '\(rule.id)' exists already")
        }
        nextNumber += 1
        let seed = rule.seed ?? (serverSeed &+ UInt64(number))
        slots.append(Slot(rule: rule, generator: SplitMix64(seed: seed), remaining: rule.times))
        countRules()
        return rule
    }

    public var rules: [FaultRule] { lock.withLock { slots.map(\.rule) } }

    /// The rules with their remaining uses, as JSON.
    func listing() -> [JSONValue] {
        lock.withLock { slots.map { $0.rule.json(remaining: $0.remaining) } }
    }

    func listing(_ id: String) -> JSONValue? {
        lock.withLock { slots.first { $0.rule.id == id }.map { $0.rule.json(remaining: $0.remaining) } }
    }

    /// Removes one rule; false when there was none with that id.
    public func remove(id: String) -> Bool {
        lock.withLock {
            guard let index = slots.firstIndex(where: { $0.rule.id == id }) else { return false }
            slots.remove(at: index)
            countRules()
            return true
        }
    }

    @discardableResult
    public func removeAll() -> Int {
        lock.withLock {
            let count = slots.count
            slots = []
            countRules()
            return count
        }
    }

    /// The action of the first rule that matches the request and wins its draw; uses it up.
    func action(for request: HTTPRequest) -> FaultRule.Action? {
        guard hasRules else { return nil }
        return lock.withLock {
            for index in slots.indices {
                let rule = slots[index].rule
                guard slots[index].remaining.map({ $0 > 0 }) ?? true,
                    rule.matches(
                        method: request.method.rawValue, path: request.path, rawQuery: request.rawQuery,
                        headers: { request.headers[$0] })
                else { continue }
                if rule.probability < 1 && slots[index].generator.unit() >= rule.probability { continue }
                if let remaining = slots[index].remaining { slots[index].remaining = remaining - 1 }
                return rule.action
            }
            return nil
        }
    }
}

/// Applies the fault table to every request outside the admin routes (its scope: the router
/// never runs it for them).
struct FaultMiddleware: HTTPMiddleware {
    let faults: FaultTable
    let adminPrefix: String
    let errorResponse: @Sendable (Int, String) -> HTTPResponse

    var scope: MiddlewareScope { .allBut([RestLiteAdmin.firstSegment(of: adminPrefix)]) }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        switch faults.action(for: request) {
        case nil:
            return try next(request)
        case .delay(let milliseconds):
            SystemClock.sleep(milliseconds: milliseconds)
            return try next(request)
        case .status(let code, let message):
            return errorResponse(
                code, message ?? "Fault injected by restlite for \(request.method.rawValue) \(request.path).")
        case .drop:
            var response = HTTPResponse()
            response.dropsConnection = true
            return response
        case .slow(let milliseconds):
            var response = try next(request)
            response.bodyDelayMilliseconds = milliseconds
            return response
        }
    }
}
