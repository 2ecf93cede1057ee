#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small pool of slots for costly work (decoding a picture, drawing a large one): at most
/// `count` holders at once, so what many requests ask for at the same moment costs no more
/// than `count` of them. A holder calls `release()` exactly once per successful acquire.
package final class WorkSlots: @unchecked Sendable {
    private let condition = PosixCondition()
    /// Slots in all.
    package let count: Int
    private var taken = 0

    package init(count: Int) { self.count = max(1, count) }

    /// Takes a slot if one is free now; false otherwise.
    package func tryAcquire() -> Bool {
        condition.withLock {
            guard taken < count else { return false }
            taken += 1
            return true
        }
    }

    /// Takes a slot, waiting at most `milliseconds` for one; false if none came free.
    package func acquire(waitingAtMost milliseconds: Int) -> Bool {
        let deadline = Self.nowMilliseconds() + Int64(milliseconds)
        condition.lock()
        defer { condition.unlock() }
        while taken >= count {
            let remaining = deadline - Self.nowMilliseconds()
            guard remaining > 0 else { return false }
            condition.wait(milliseconds: Int(remaining))
        }
        taken += 1
        return true
    }

    /// Gives a slot back.
    package func release() {
        condition.withLock {
            taken = max(0, taken - 1)
            condition.signal()
        }
    }

    /// Slots held now.
    package var inUse: Int { condition.withLock { taken } }

    private static func nowMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
