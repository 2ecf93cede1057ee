import Foundation
import PlatformSupport
import Testing

/// Runs blocking test work (a socket read, a child process, a sleep, a lock wait) on threads of
/// its own instead of Swift's cooperative pool. Swift Testing runs every test as a task on that
/// pool, which has as many threads as cores: a test that blocks holds one of them, and every
/// other test waits behind it while the cores sit idle. Work here runs on a thread started for
/// it (through a task executor, so the test's task-local state, and with it `#expect`, still
/// works there), at most `width` pieces of work at once; the others wait without holding a
/// thread.
///
/// A test suite whose tests block says so with the `.offPool` trait; a single wait inside an
/// `async` test goes through ``offPool(_:)``:
///
/// ```swift
/// @Suite(.offPool) struct ServerProcessTests { ... }              // every test off the pool
/// let status = try await offPool { try process.waitForExit() }    // one wait off the pool
/// ```
public final class OffPool: @unchecked Sendable {
    /// The pool every `.offPool` test and every ``offPool(_:)`` call shares: 4 pieces of work
    /// per core at once. `RESTLITE_TEST_OFF_POOL_WIDTH` sets another width; 0 runs the work in
    /// place, on the cooperative pool, to measure what that costs (docs/TESTING.md).
    public static let shared = OffPool(
        width: ProcessInfo.processInfo.environment["RESTLITE_TEST_OFF_POOL_WIDTH"].flatMap(Int.init)
            ?? 4 * ProcessInfo.processInfo.activeProcessorCount)

    /// True inside work this process already runs off the pool: nested calls run in place
    /// (they are on a thread of their own already, and must not wait for a second slot).
    @TaskLocal static var isOffPool = false

    /// How many pieces of work run at once; 0: each runs in place, on the caller's thread.
    public let width: Int
    private let condition = PosixCondition()
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(width: Int) { self.width = max(0, width) }

    /// Runs `body` on a thread of its own, once fewer than `width` others run, and returns
    /// its result or rethrows its error. Inside other off-pool work it runs in place.
    public func run<Value>(_ body: () throws -> Value) async throws -> Value {
        if Self.isOffPool || width == 0 { return try body() }
        await acquire()
        defer { release() }
        return try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
            try Self.$isOffPool.withValue(true) { try body() }
        }
    }

    /// Runs an `async` body (a whole test) with every step on threads of their own.
    func run(async body: @Sendable () async throws -> Void) async throws {
        if Self.isOffPool || width == 0 { return try await body() }
        await acquire()
        defer { release() }
        try await withTaskExecutorPreference(ThreadPerJobExecutor.shared) {
            try await Self.$isOffPool.withValue(true) { try await body() }
        }
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = condition.withLock {
                guard running < width else {
                    waiting.append(continuation)
                    return false
                }
                running += 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Hands the slot to the longest waiter, or frees it.
    private func release() {
        let next = condition.withLock {
            guard !waiting.isEmpty else {
                running -= 1
                return CheckedContinuation<Void, Never>?.none
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}

/// Runs `body` off Swift's cooperative pool (``OffPool/shared``) and returns its result or
/// rethrows its error.
public func offPool<Value>(_ body: () throws -> Value) async throws -> Value {
    try await OffPool.shared.run(body)
}

/// A task executor that starts a thread for each job it is given: a job that blocks holds only
/// its own thread. Used through ``OffPool``, which bounds how many run at once.
final class ThreadPerJobExecutor: TaskExecutor {
    static let shared = ThreadPerJobExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        PosixThread.spawn(name: "off-pool") { job.runSynchronously(on: executor) }
    }
}

/// The `.offPool` trait: each test it marks (or each test of the suite it marks) runs with
/// every step off Swift's cooperative pool, through ``OffPool/shared``.
public struct OffPoolTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await OffPool.shared.run(async: function)
    }
}

extension Trait where Self == OffPoolTrait {
    /// Runs the test (or each test of the suite) off Swift's cooperative pool: for tests that
    /// block a thread (sockets, child processes, sleeps, lock waits).
    public static var offPool: Self { OffPoolTrait() }
}
