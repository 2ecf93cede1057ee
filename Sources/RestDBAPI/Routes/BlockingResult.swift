import PlatformSupport

/// The outcome of async work awaited from a synchronous route handler. Handlers run on the
/// server's worker threads, which may block. The work runs on a thread of its own
/// (`BlockingWorkExecutor`), not on the concurrency pool: when every pool thread is held by a
/// caller that waits synchronously for this answer (a test calling the router in process, or
/// tests waiting on sockets), work queued on the pool would never start.
final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    // `result` is guarded by `condition`.
    private let condition = PosixCondition()
    private var result: Result<Value, any Error>?

    /// Runs `work` and waits for it.
    static func wait(for work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = BlockingResult()
        let body: @Sendable () async -> Void = {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            box.condition.withLock {
                box.result = outcome
                box.condition.broadcast()
            }
        }
        if #available(macOS 15, iOS 18, *) {
            Task(executorPreference: BlockingWorkExecutor.shared, operation: body)
        } else {
            Task(operation: body)
        }
        box.condition.lock()
        defer { box.condition.unlock() }
        while box.result == nil { box.condition.wait() }
        return try box.result!.get()
    }
}

/// One thread that runs the jobs of `BlockingResult`'s tasks in order.
@available(macOS 15, iOS 18, *)
final class BlockingWorkExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = BlockingWorkExecutor()
    // `jobs` is guarded by `condition`.
    private let condition = PosixCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        PosixThread.spawn(name: "restlite-blocking-work") { [unowned self] in self.run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
