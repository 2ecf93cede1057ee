import Foundation

/// What several threads of a test found, one entry per thread index; `done` is signalled once
/// per entry, so the test can wait (bounded) for all of them.
final class ThreadResults<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<Value, any Error>] = [:]
    let done = DispatchSemaphore(value: 0)

    func record(_ index: Int, _ result: Result<Value, any Error>) {
        lock.withLock { results[index] = result }
        done.signal()
    }

    func result(_ index: Int) -> Result<Value, any Error>? { lock.withLock { results[index] } }
    var finished: Int { lock.withLock { results.count } }
}
