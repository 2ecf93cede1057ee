import PlatformSupport

/// The outcome of async work awaited from a synchronous route handler. Handlers run on the
/// server's worker threads, which may block; the work runs on the concurrency pool, so waiting
/// here cannot starve it.
final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    // `result` is guarded by `condition`.
    private let condition = PosixCondition()
    private var result: Result<Value, any Error>?

    /// Runs `work` and waits for it.
    static func wait(for work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let box = BlockingResult()
        Task {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            box.condition.withLock {
                box.result = outcome
                box.condition.broadcast()
            }
        }
        box.condition.lock()
        defer { box.condition.unlock() }
        while box.result == nil { box.condition.wait() }
        return try box.result!.get()
    }
}
