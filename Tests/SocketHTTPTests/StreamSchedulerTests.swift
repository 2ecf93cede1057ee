import Testing

@testable import SocketHTTP

/// The stream writer's wake-up: one worker writes streams at a time, so a fan-out to many
/// subscribers (mostly copying into socket buffers) never occupies every worker while requests
/// such as `/health` wait.
@Suite struct StreamSchedulerTests {
    /// Sinks with nothing to write: scheduling and taking them never touches a descriptor.
    static func idleSinks(_ count: Int, _ scheduler: StreamScheduler) -> [StreamSink] {
        (0..<count).map { _ in StreamSink(fd: -1, head: [], capacity: 1024, scheduler: scheduler) }
    }

    @Test func noSecondWorkerIsWokenWhileOneWritesABatch() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        for sink in Self.idleSinks(StreamScheduler.batch * 2 + 10, scheduler) { scheduler.schedule(sink) }

        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
        let first = scheduler.takeBatch()
        #expect(first.count == StreamScheduler.batch)
        // More sinks wait, but while this batch is written no other worker gets the wake-up.
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.finish(first, stillBlocked: [])
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)

        let second = scheduler.takeBatch()
        #expect(second.count == StreamScheduler.batch)
        // A sender that schedules meanwhile does not wake a second writer either.
        for sink in Self.idleSinks(3, scheduler) { scheduler.schedule(sink) }
        #expect(poller.poll(milliseconds: 0) == nil)
        scheduler.finish(second, stillBlocked: [])
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
        scheduler.finish(batch, stillBlocked: [])
        #expect(poller.poll(milliseconds: 0) == nil)
        // The next send fires it again at once.
        scheduler.schedule(Self.idleSinks(1, scheduler)[0])
        #expect(poller.poll(milliseconds: 1000)?.token == StreamScheduler.token)
    }
}
