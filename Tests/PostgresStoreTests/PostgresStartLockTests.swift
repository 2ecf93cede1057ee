import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import PostgresStore

/// The start lock: one holder at a time, and a restored snapshot (an admin reset) waits while
/// another process starts, imports or resets.
@Suite(.offPool) struct PostgresStartLockTests {
    /// Polls until `url` has a session waiting for an advisory lock (at most 10 s).
    static func someoneWaits(_ url: String) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while try TemporaryPostgres.advisoryLockWaiters(url) == 0 {
            if ContinuousClock.now >= deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// Whether the work on the other thread finished, and how.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<Void, any Error>?
        let done = DispatchSemaphore(value: 0)
        func finish(_ value: Result<Void, any Error>) {
            lock.withLock { result = value }
            done.signal()
        }
        var finished: Result<Void, any Error>? { lock.withLock { result } }
    }

    @Test func aSecondHolderWaitsForTheFirstToRelease() throws {
        let url = try TemporaryPostgres.databaseURL()
        let first = try PostgresStartLock(url: url)
        let outcome = Outcome()
        Thread {
            outcome.finish(Result { try PostgresStartLock(url: url).release() })
        }.start()
        #expect(try Self.someoneWaits(url))
        #expect(outcome.finished == nil)
        first.release()
        #expect(outcome.done.wait(timeout: .now() + .seconds(10)) == .success)
        #expect((try? outcome.finished?.get()) != nil)
    }

    @Test func aRestoredSnapshotWaitsWhileAnotherProcessHoldsTheStartLock() throws {
        let url = try TemporaryPostgres.databaseURL()
        let engine = try PostgresEngine(url: url)
        _ = try engine.insert(["name": .string("Rex")], into: "dogs")
        let snapshot = try engine.captureSnapshot()
        _ = try engine.insert(["name": .string("Fido")], into: "dogs")

        let held = try PostgresStartLock(url: url)
        let outcome = Outcome()
        Thread {
            outcome.finish(Result { try engine.restoreSnapshot(snapshot) })
        }.start()
        #expect(try Self.someoneWaits(url))
        #expect(try engine.count(in: "dogs", matching: nil) == 2)
        held.release()
        #expect(outcome.done.wait(timeout: .now() + .seconds(30)) == .success)
        #expect((try? outcome.finished?.get()) != nil)
        #expect(try engine.count(in: "dogs", matching: nil) == 1)
    }
}
