import Foundation
import PlatformSupport
import RestLiteTesting
import Testing

/// `offPool` and the `.offPool` trait (RestLiteTesting): blocking work runs on threads of its
/// own, so waits that need each other all get a thread, even when there are more of them than
/// Swift's cooperative pool has threads (one per core), and results, errors and expectations
/// come back to the test.
@Suite struct OffPoolTests {
    struct Refused: Error {}

    /// More parties than the cooperative pool has threads, with room to spare for the threads
    /// libdispatch may add to a blocked pool (one a second at most) within the wait.
    static let parties = ProcessInfo.processInfo.activeProcessorCount + 8

    @Test func returnsTheValueAndRethrowsTheError() async throws {
        #expect(try await offPool { 6 * 7 } == 42)
        await #expect(throws: Refused.self) { try await offPool { () throws -> Int in throw Refused() } }
    }

    @Test func expectationsInsideAreRecordedForTheTest() async {
        await withKnownIssue {
            try await offPool { #expect(Bool(false), "recorded from a thread off the pool") }
        }
    }

    /// Each wait needs every other to have started: on the pool, the waits past the pool's
    /// threads could not start while the first ones block, and every wait would time out.
    @Test func blockingWaitsThatNeedEachOtherFinish() async throws {
        let pool = OffPool(width: Self.parties)
        let barrier = Barrier(parties: Self.parties)
        let met = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<Self.parties {
                group.addTask { try await pool.run { barrier.arriveAndWait(milliseconds: 5000) } }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(met == Self.parties)
    }

    /// The same through the trait: the test's child tasks run off the pool too, each on a
    /// thread of its own.
    @Test(
        .offPool,
        .enabled(
            if: OffPool.shared.width > 0,
            "RESTLITE_TEST_OFF_POOL_WIDTH=0 runs every test on the cooperative pool"))
    func aMarkedTestsChildTasksBlockWithoutStarvingEachOther() async {
        let barrier = Barrier(parties: Self.parties)
        let met = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<Self.parties {
                group.addTask { barrier.arriveAndWait(milliseconds: 5000) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(met == Self.parties)
    }

    @Test func aSmallerWidthAdmitsThatManyAtOnce() async throws {
        let pool = OffPool(width: 2)
        let counter = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await pool.run {
                        counter.enter()
                        SystemClock.sleep(milliseconds: 20)
                        counter.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(counter.most <= 2 && counter.entered == 6)
    }
}

/// Threads that wait until `parties` of them have arrived (or the time runs out).
private final class Barrier: @unchecked Sendable {
    private let condition = PosixCondition()
    private let parties: Int
    private var arrived = 0

    init(parties: Int) { self.parties = parties }

    /// True when every party arrived within `milliseconds`.
    func arriveAndWait(milliseconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        return condition.withLock {
            arrived += 1
            condition.broadcast()
            while arrived < parties {
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return false }
                condition.wait(milliseconds: Int(left.components.seconds * 1000) + 1)
            }
            return true
        }
    }
}

/// How many threads are inside at once, and the most there ever were.
private final class Counter: @unchecked Sendable {
    private let condition = PosixCondition()
    private var inside = 0
    private var highest = 0
    private var total = 0

    func enter() {
        condition.withLock {
            inside += 1
            total += 1
            highest = max(highest, inside)
        }
    }

    func leave() { condition.withLock { inside -= 1 } }

    var most: Int { condition.withLock { highest } }

    var entered: Int { condition.withLock { total } }
}
