import Foundation
import Testing

@testable import RestDBAPI
@testable import SocketHTTP

/// The queue budget across subscribers counts what the queues really hold: each round's
/// fan-out array once, however many subscribers still hold it, so subscribers a round or two
/// behind are not closed for copies that do not exist.
@Suite struct RealtimeQueueBudgetTests {
    /// Subscribers on sinks that write nothing until flushed (held, no descriptor).
    static func subscribers(_ count: Int, _ scheduler: StreamScheduler) -> [RealtimeSubscriber] {
        (0..<count).map { _ in
            RealtimeSubscriber(
                sink: StreamSink(fd: -1, head: [], capacity: 1 << 20, scheduler: scheduler, held: true),
                lastEventID: nil, mayRead: { _ in true })
        }
    }

    @Test func threeHundredSubscribersARoundBehindShareTheRoundsAndStayOpen() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let members = Self.subscribers(300, scheduler)
        // Two rounds of 100 KB each reach every subscriber before any is written.
        let rounds = [[UInt8](repeating: 65, count: 100_000), [UInt8](repeating: 66, count: 100_000)]
        for round in rounds {
            #expect(RealtimeHub.closeSlowest(members, adding: round.count, toFit: 64 << 20) == 0)
            for member in members { member.deliver([], kinds: [], everything: round, then: []) }
        }
        // 300 x 200 KB queued, 200 KB of it in memory: nobody is closed.
        #expect(members.allSatisfy { $0.sink.bufferedByteCount == 200_000 })
        #expect(RealtimeHub.closeSlowest(members, adding: 100_000, toFit: 64 << 20) == 0)
        #expect(members.allSatisfy { $0.sink.isOpen })
    }

    @Test func pastTheBudgetTheSubscriberHoldingTheMostIsClosed() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let members = Self.subscribers(3, scheduler)
        let round = [UInt8](repeating: 65, count: 100_000)
        for member in members { member.deliver([], kinds: [], everything: round, then: []) }
        // The first falls three rounds behind the others.
        for _ in 0..<3 { members[0].deliver([], kinds: [], everything: round, then: []) }
        #expect(RealtimeHub.closeSlowest(members, toFit: 250_000) == 1)
        #expect(!members[0].sink.isOpen && members[1].sink.isOpen && members[2].sink.isOpen)
        // Bytes only one subscriber holds (filtered for it) count for it alone.
        #expect(members[1].sink.send([UInt8](repeating: 1, count: 300_000)))
        #expect(RealtimeHub.closeSlowest(members, toFit: 250_000) == 1)
        #expect(!members[1].sink.isOpen && members[2].sink.isOpen)
    }
}

/// A subscriber whose stream ends before the dispatcher's first round took it (a client that
/// leaves at once, or a dispatcher thread slow to start on a loaded machine) is not kept.
@Suite struct RealtimeJoinerTests {
    @Test func aJoinerWhoseStreamClosedBeforeItsFirstRoundIsDropped() throws {
        let poller = try Poller()
        defer { poller.close() }
        let scheduler = try StreamScheduler(poller: poller)
        defer { scheduler.close() }
        let hub = RealtimeHub()
        let subscriber = RealtimeQueueBudgetTests.subscribers(1, scheduler)[0]
        subscriber.sink.close()
        hub.subscribe(subscriber)
        // Bounded: the dispatcher ends its run once nobody is left (10 s at most).
        for _ in 0..<1_000 where hub.hasSubscribers { usleep(10_000) }
        #expect(!hub.hasSubscribers)
        #expect(hub.subscriberCount == 0)
    }
}
