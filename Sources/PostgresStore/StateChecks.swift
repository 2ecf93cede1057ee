import PlatformSupport

/// The database state as read by a statement that started after the caller asked: at most one
/// such statement runs at a time, and each serves every caller that asked before it started.
///
/// `@unchecked Sendable`: every property is only touched under `lock`.
final class StateChecks: @unchecked Sendable {
    private let lock = PosixCondition()
    /// Checks started and finished, numbered from 1; equal when none is running.
    private var started = 0
    private var finished = 0
    /// What the last finished check read (nil: it failed).
    private var lastRead: String?
    /// The last state any statement reported (`saw`).
    private var seen: String?
    private var statements = 0
    private var waiters = 0

    var lastSeen: String? { lock.withLock { seen } }

    /// Callers waiting for a check now (tests).
    var waiting: Int { lock.withLock { waiters } }

    /// How many checks ran (tests).
    var count: Int { lock.withLock { statements } }

    /// A state another statement ran in.
    func saw(_ state: String) {
        lock.withLock { seen = state }
    }

    /// This process wrote: the state it saw last is gone, and kept documents wait for a fetch.
    func forget() {
        lock.withLock { seen = nil }
    }

    /// The state read by a check that started after this call: one running already started
    /// before it and does not count, so the call waits for it and then for (or runs) the next.
    /// nil when that check failed; the caller then reads for itself.
    func current(_ read: () throws -> String) -> String? {
        lock.lock()
        let needed = started + 1
        while true {
            if finished >= needed {
                let state = lastRead
                lock.unlock()
                return state
            }
            if finished == started {
                started += 1
                let mine = started
                statements += 1
                lock.unlock()
                let state = try? read()
                lock.lock()
                finished = mine
                lastRead = state
                if let state { seen = state }
                lock.unlock()
                lock.broadcast()
                return state
            }
            waiters += 1
            _ = lock.wait(milliseconds: 100)
            waiters -= 1
        }
    }
}
