import CEventLoop
import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Per-descriptor slots shared by the workers, the sweeper and shutdown: each open connection's
/// state and deadline, kept in flat arrays of atomics indexed by fd (small and lock-free on
/// the hot path).
///
/// `@unchecked Sendable`: the arrays are only touched through the C atomics (sequentially
/// consistent). `lock` serialises `close` against `sweep`/`shutdown(where:)`, so the sweeper
/// never calls `shutdown()` on a descriptor number after it was closed and perhaps reused.
final class ConnectionTable: @unchecked Sendable {
    enum Slot: Int64 {
        case free = 0
        /// Armed, waiting for a first or next request with no bytes buffered.
        case idle = 1
        /// Armed, part of a request (or a pending write) buffered.
        case partial = 2
        /// A worker holds it (parsing, handling, writing).
        case busy = 3
        /// Armed, reading a request body: on timeout only its reading side is shut, so the
        /// worker that then sees the end of input can still answer 408.
        case readingBody = 4
    }

    let capacity: Int
    private let states: UnsafeMutablePointer<Int64>
    private let deadlines: UnsafeMutablePointer<Int64>
    /// Response bytes waiting for each client, and when that amount last changed (monotonic
    /// ms): written under `lock` (a connection with nothing queued only reads its slot).
    private let queued: UnsafeMutablePointer<Int64>
    private let queuedSince: UnsafeMutablePointer<Int64>
    /// [0] open connections, [1] highest fd + 1, [2] draining flag, [3] request counter,
    /// [4] bytes buffered by all parsers, [5] of them those of bodies under a `bodyLimit`,
    /// [6] response bytes queued for all clients (`counter(_:)`). On cache lines of their own
    /// (`cel_cells_allocate`), the request counter, which every request writes, on a line apart
    /// from the cells every request reads (draining, buffered bytes).
    private let counters: UnsafeMutablePointer<Int64>
    private let lock = PosixCondition()

    init(capacity: Int) {
        self.capacity = capacity
        states = .allocate(capacity: capacity)
        states.initialize(repeating: 0, count: capacity)
        deadlines = .allocate(capacity: capacity)
        deadlines.initialize(repeating: 0, count: capacity)
        queued = .allocate(capacity: capacity)
        queued.initialize(repeating: 0, count: capacity)
        queuedSince = .allocate(capacity: capacity)
        queuedSince.initialize(repeating: 0, count: capacity)
        counters = cel_cells_allocate(3 * Int64(CEL_CELLS_PER_LINE))
    }

    deinit {
        queued.deallocate()
        queuedSince.deallocate()
        states.deallocate()
        deadlines.deallocate()
        cel_cells_free(counters)
    }

    /// Records a newly accepted descriptor; false if it is beyond the table.
    func open(_ fd: Int32, deadline: Int64) -> Bool {
        guard Int(fd) < capacity else { return false }
        cel_atomic_store(deadlines + Int(fd), deadline)
        cel_atomic_store(states + Int(fd), Slot.idle.rawValue)
        _ = cel_atomic_add(counter(0), 1)
        if cel_atomic_load(counter(1)) <= Int64(fd) {
            lock.lock()
            if cel_atomic_load(counter(1)) <= Int64(fd) { cel_atomic_store(counter(1), Int64(fd) + 1) }
            lock.unlock()
        }
        return true
    }

    /// Sets a slot's state and deadline (0 = none) before the worker re-arms or after it takes it.
    func set(_ fd: Int32, _ slot: Slot, deadline: Int64) {
        cel_atomic_store(deadlines + Int(fd), deadline)
        cel_atomic_store(states + Int(fd), slot.rawValue)
    }

    /// Closes the descriptor and frees its slot; wakes a waiting `waitUntilEmpty`.
    func close(_ fd: Int32) {
        lock.lock()
        cel_atomic_store(states + Int(fd), Slot.free.rawValue)
        cel_atomic_store(deadlines + Int(fd), 0)
        _ = cel_atomic_add(counter(6), -cel_atomic_load(queued + Int(fd)))
        cel_atomic_store(queued + Int(fd), 0)
        System.close(fd)
        _ = cel_atomic_add(counter(0), -1)
        lock.broadcast()
        lock.unlock()
    }

    /// Shuts down (without closing) every connection whose deadline passed; the worker that
    /// then receives its hang-up closes it. Returns how many.
    @discardableResult
    func sweep(now: Int64) -> Int {
        shutdown(readOnlyForBodies: true) { _, deadline in deadline != 0 && deadline <= now }
    }

    /// Shuts down every open connection for which `predicate(state, deadline)` holds.
    @discardableResult
    func shutdown(readOnlyForBodies: Bool = false, where predicate: (Slot, Int64) -> Bool) -> Int {
        lock.lock()
        defer { lock.unlock() }
        var count = 0
        let high = Int(cel_atomic_load(counter(1)))
        for fd in 0..<high {
            let state = Slot(rawValue: cel_atomic_load(states + fd)) ?? .free
            guard state != .free, predicate(state, cel_atomic_load(deadlines + fd)) else { continue }
            System.shutdown(Int32(fd), readOnly: readOnlyForBodies && state == .readingBody)
            cel_atomic_store(deadlines + fd, 0)
            count += 1
        }
        return count
    }

    /// Counter `index` of `counters`: [0]-[2] on the first line, [3] alone on the second,
    /// [4]-[6] on the third.
    private func counter(_ index: Int) -> UnsafeMutablePointer<Int64> {
        let line = index < 3 ? 0 : index == 3 ? 1 : 2
        let first = index < 3 ? 0 : index == 3 ? 3 : 4
        return counters + line * Int(CEL_CELLS_PER_LINE) + index - first
    }

    var openCount: Int { Int(cel_atomic_load(counter(0))) }

    var isDraining: Bool { cel_atomic_load(counter(2)) != 0 }

    func startDraining() { cel_atomic_store(counter(2), 1) }

    func nextRequestNumber() -> Int64 { cel_atomic_add(counter(3), 1) }

    /// Bytes held by every connection's parser (heads and bodies not yet answered).
    var bufferedBytes: Int { Int(cel_atomic_load(counter(4))) }

    /// Bytes held by parsers reading a body under the responder's `bodyLimit`.
    var smallBodyBytes: Int { Int(cel_atomic_load(counter(5))) }

    func addBuffered(_ delta: Int, small: Bool = false) {
        if delta != 0 { _ = cel_atomic_add(counter(small ? 5 : 4), Int64(delta)) }
    }

    /// Response bytes waiting in memory for all clients (`HTTPServerConfiguration.maxQueuedBytes`).
    var queuedBytes: Int { Int(cel_atomic_load(counter(6))) }

    /// Records that `bytes` of response wait for the client on `fd` (the amount changing
    /// counts as the client making progress). When the total passes `limit`, the connections
    /// whose queue has gone longest without changing are shut down until it no longer does;
    /// the workers that then see their hang-up close them. Returns how many were shut down.
    func recordQueued(_ fd: Int32, _ bytes: Int, now: Int64, limit: Int) -> Int {
        let slot = Int(fd)
        if bytes == 0 && cel_atomic_load(queued + slot) == 0 { return 0 }
        lock.lock()
        defer { lock.unlock() }
        let old = cel_atomic_load(queued + slot)
        if Int64(bytes) != old { cel_atomic_store(queuedSince + slot, now) }
        cel_atomic_store(queued + slot, Int64(bytes))
        var total = cel_atomic_add(counter(6), Int64(bytes) - old)
        guard total > Int64(limit) else { return 0 }
        let high = Int(cel_atomic_load(counter(1)))
        let waiting = (0..<high).filter { cel_atomic_load(queued + $0) > 0 }
            .sorted { cel_atomic_load(queuedSince + $0) < cel_atomic_load(queuedSince + $1) }
        var shed = 0
        for index in waiting where total > Int64(limit) {
            // Its bytes leave the total now, so a second pass does not pick it again.
            let held = cel_atomic_load(queued + index)
            cel_atomic_store(queued + index, 0)
            total = cel_atomic_add(counter(6), -held)
            System.shutdown(Int32(index))
            shed += 1
        }
        return shed
    }

    /// Waits until no connection is open or `deadline` (monotonic ms) passes; true if empty.
    func waitUntilEmpty(deadline: Int64) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        while openCount > 0 {
            let remaining = deadline - System.monotonicMilliseconds()
            guard remaining > 0 else { return false }
            _ = lock.wait(milliseconds: Int(min(remaining, 100)))
        }
        return true
    }
}
