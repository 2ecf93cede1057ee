import Foundation
import Testing

@testable import SocketHTTP

/// The stream writers' wake-up: at most `writers` workers write streams at once, so a fan-out
/// to many subscribers (mostly copying into socket buffers) never occupies every worker while
/// requests such as `/health` wait.
@Suite struct StreamSchedulerTests {
    /// Sinks with nothing to write: scheduling and taking them never touches a descriptor.
    static func idleSinks(_ count: Int, _ scheduler: StreamScheduler) -> [StreamSink] {
        (0..<count).map { _ in StreamSink(fd: -1, head: [], capacity: 1024, scheduler: scheduler) }
    }

    @Test func withOneWriterNoSecondWorkerIsWokenWhileOneWritesABatch() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller, writers: 1)
        defer { scheduler.close() }
        for sink in Self.idleSinks(StreamScheduler.batch * 2 + 10, scheduler) { scheduler.schedule(sink) }

        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        let first = scheduler.takeBatch()
        #expect(first.count == StreamScheduler.batch)
        // More sinks wait, but while this batch is written no other worker gets the wake-up.
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.finish(first, stillBlocked: [], now: 0)
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)

        let second = scheduler.takeBatch()
        #expect(second.count == StreamScheduler.batch)
        // A sender that schedules meanwhile does not wake a second writer either.
        for sink in Self.idleSinks(3, scheduler) { scheduler.schedule(sink) }
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.finish(second, stillBlocked: [], now: 0)
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        #expect(scheduler.takeBatch().count == 13)
    }

    @Test func theLastBatchLeavesTheWakeUpQuietUntilTheNextSend() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        for sink in Self.idleSinks(5, scheduler) { scheduler.schedule(sink) }
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        let batch = scheduler.takeBatch()
        #expect(batch.count == 5)
        scheduler.finish(batch, stillBlocked: [], now: 0)
        #expect(poller.poll(milliseconds: 0) == nil)
        // The next send fires it again at once.
        scheduler.schedule(Self.idleSinks(1, scheduler)[0])
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
    }

    /// Two workers write streams at once, each its own batch, and a third is not woken: a
    /// fan-out uses both cores of a small machine while the other workers answer requests.
    @Test func twoWorkersWriteBatchesAtOnceAndNoThirdIsWoken() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller, writers: 2)
        defer { scheduler.close() }
        let sinks = Self.idleSinks(StreamScheduler.batch * 3 + 5, scheduler)
        for sink in sinks { scheduler.schedule(sink) }

        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        let first = scheduler.takeBatch()
        // More wait and only one worker writes: the wake-up fires again for a second one.
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        let second = scheduler.takeBatch()
        #expect(first.count == StreamScheduler.batch && second.count == StreamScheduler.batch)
        #expect(Set(first.map(ObjectIdentifier.init)).isDisjoint(with: second.map(ObjectIdentifier.init)))
        // Two write: no third, even when a sender schedules meanwhile.
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.schedule(Self.idleSinks(1, scheduler)[0])
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.finish(first, stillBlocked: [], now: 0)
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        #expect(scheduler.takeBatch().count == StreamScheduler.batch)
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.finish(second, stillBlocked: [], now: 0)
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        #expect(scheduler.takeBatch().count == 6)
    }

    /// A socket that filled after taking some bytes belongs to a reader that is reading: the
    /// sink is tried again after the first delay each time, not after a delay that doubles to a
    /// quarter-second while its queue grows toward its cap.
    @Test func aFullSocketThatTookSomeBytesIsTriedAgainAfterTheFirstDelay() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let sink = Self.idleSinks(1, scheduler)[0]
        for now in stride(from: Int64(1000), to: 1010, by: 1) {
            scheduler.finish([sink], stillBlocked: [sink], madeNoProgress: [], now: now)
            #expect(scheduler.retryDelay(of: sink) == StreamScheduler.firstRetryDelay)
        }
        scheduler.finish([sink], stillBlocked: [sink], madeNoProgress: [sink], now: 2000)
        #expect(scheduler.retryDelay(of: sink) == 2 * StreamScheduler.firstRetryDelay)
    }

    /// A sink whose socket was full is tried again after a millisecond, then 2, 4, ... up to a
    /// quarter-second while its socket stays full, and from a millisecond again once a write
    /// emptied it (the sweeper's quarter-second tick was the only retry before: a reader that
    /// kept up still waited up to 250 ms each time its socket filled, and its queue overflowed).
    @Test func aFullSocketIsTriedAgainAfterADelayThatDoublesAndStartsOverOnceEmptied() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let sink = Self.idleSinks(1, scheduler)[0]
        var now: Int64 = 10_000
        var delays: [Int64] = []
        for _ in 0..<10 {
            scheduler.finish([sink], stillBlocked: [sink], now: now)
            let delay = scheduler.retryDelay(of: sink)
            delays.append(delay)
            #expect(scheduler.retryDue(now: now + delay - 1) == now + delay)
            #expect(poller.poll(milliseconds: 0) == nil)
            #expect(scheduler.retryDue(now: now + delay) == nil)
            #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
            #expect(scheduler.takeBatch().map(ObjectIdentifier.init) == [ObjectIdentifier(sink)])
            now += delay
        }
        #expect(delays == [1, 2, 4, 8, 16, 32, 64, 128, 250, 250])
        scheduler.finish([sink], stillBlocked: [], now: now)
        #expect(scheduler.retryDelay(of: sink) == 0)
        scheduler.finish([sink], stillBlocked: [sink], now: now)
        #expect(scheduler.retryDelay(of: sink) == StreamScheduler.firstRetryDelay)
    }

    /// The sweeper is woken only when a blocked sink is due before the time it planned to wake.
    @Test func theSweeperIsWokenWhenARetryIsDueSoonerThanPlanned() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let wakes = Counter()
        scheduler.wakeSweeper = { wakes.add() }
        let sinks = Self.idleSinks(3, scheduler)
        #expect(scheduler.retryDue(now: 0) == nil)
        scheduler.finish([sinks[0]], stillBlocked: [sinks[0]], now: 100)  // due at 101: sooner
        #expect(wakes.value == 1)
        scheduler.finish([sinks[1]], stillBlocked: [sinks[1]], now: 200)  // due at 201: later
        #expect(wakes.value == 1)
        #expect(scheduler.retryDue(now: 101) == 201)  // the sweeper plans 201 now
        scheduler.finish([sinks[2]], stillBlocked: [sinks[2]], now: 150)  // due at 151: sooner
        #expect(wakes.value == 2)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }
}
