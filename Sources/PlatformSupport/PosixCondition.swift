#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex with a condition variable: the subset of `NSCondition` the server modules
/// use, without Foundation (on Linux Foundation drags ICU into the process; see ARCHITECTURE.md).
/// Also serves as a plain lock (`lock()`/`unlock()`/`withLock`).
package final class PosixCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// Makes an unlocked mutex and its condition variable.
    package init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the mutex, blocking until it is free.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the mutex.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the mutex.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Waits for a signal; the caller holds the lock and rechecks its predicate.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal or until `milliseconds` have passed; false on timeout.
    @discardableResult
    package func wait(milliseconds: Int) -> Bool {
        var now = timeval()
        gettimeofday(&now, nil)
        let nanoseconds = Int(now.tv_usec) * 1000 + max(0, milliseconds) % 1000 * 1_000_000
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + .init(max(0, milliseconds) / 1000 + nanoseconds / 1_000_000_000)
        deadline.tv_nsec = .init(nanoseconds % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    /// Wakes one waiter.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiter.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
