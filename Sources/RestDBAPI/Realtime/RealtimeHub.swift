import DocumentJSON
import DocumentStore
import PlatformSupport
import SocketHTTP

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// restdb's realtime events as Server-Sent Events: writers `publish` (constant time, no
/// socket touched), one dispatcher thread fans the new events out to every subscriber's
/// `StreamSink`, and sends a `ping` at a fixed interval.
///
/// Every event gets the next number as its SSE `id`; the last `settings.history` events stay
/// in a ring so a client that comes back with `Last-Event-ID` gets what it missed. The
/// dispatcher runs only while someone is subscribed.
///
/// A write records its event without building it: the ring keeps the parts (name, collection,
/// the document's bytes the answer already holds), and the dispatcher frames them only when it
/// has someone to send them to, a subscriber or a client resuming from the history. So a write
/// with nobody listening pays for a lock and a slot, no formatting and no copy.
///
/// The dispatcher takes the events it has not sent from `pending`, not from the ring: however
/// many writes arrive during one round (more than the ring holds, under load), every member
/// receives every event. `pending` fills only while the dispatcher runs and is emptied by each
/// round, whose cost grows with the subscribers, not with the events, so it catches up.
///
/// `@unchecked Sendable`: the ring, `pending`, the counters and `joining` are guarded by
/// `lock`; `members` belongs to the dispatcher thread.
public final class RealtimeHub: @unchecked Sendable {
    public struct Settings: Sendable {
        /// Time between `ping` events.
        public var pingInterval: Duration
        /// How many recent events a reconnecting client can resume from.
        public var history: Int
        /// Bytes held for one subscriber that is not reading; past it, it is disconnected.
        public var queueBytes: Int
        /// After a round that delivered events, the dispatcher waits this long before the next,
        /// so a burst of writes reaches each subscriber in a few writes rather than one each
        /// (twice as long after a round to `wideFanOut` subscribers or more: `pause(after:)`).
        /// The first event after a quiet spell goes out at once.
        public var coalesce: Duration
        /// From this many subscribers on, a round is followed by twice `coalesce`.
        public var wideFanOut = 100
        /// Most subscribers at once; past it `GET /realtime` is answered 503 (`serve --max-subscribers`).
        public var maxSubscribers = 1000
        /// Most subscribers of one API key at once (`serve --max-subscribers-per-key`).
        public var maxSubscribersPerKey = 200
        /// Most bytes queued for all subscribers together; past it the subscribers holding the
        /// most are disconnected until the rest fit (`serve --realtime-queue-budget`).
        public var totalQueueBytes = 64 << 20

        public init(
            pingInterval: Duration = .seconds(30), history: Int = 1000, queueBytes: Int = 1 << 20,
            coalesce: Duration = .milliseconds(10)
        ) {
            self.pingInterval = pingInterval
            self.history = max(1, history)
            self.queueBytes = queueBytes
            self.coalesce = coalesce
        }

        /// The pause after a round that delivered events to `members` subscribers. Each round
        /// costs a write to every subscriber's socket, whatever it carries, so under a stream of
        /// writes a wide audience gets them in rounds half as frequent and twice as full: at 300
        /// subscribers receiving every POST on one machine, 20 ms instead of 10 ms kept a median
        /// of 74 % of POST's rate alone instead of 68.5 %, the readers needing less CPU for
        /// fewer wake-ups (docs/PERFORMANCE.md, "Realtime events"). A few subscribers keep the
        /// short pause.
        public func pause(after members: Int) -> Duration {
            members >= wideFanOut ? coalesce * 2 : coalesce
        }
    }

    /// Seconds a refused subscriber is told to wait (`Retry-After`).
    static let retryAfterSeconds = 10
    /// Subscribers that leave between two returns of freed memory to the system.
    static let releasesBeforeTrim = 64

    struct Event {
        let id: Int64
        /// nil for messages (`publish`), which every subscriber receives.
        let collection: String?
        let bytes: [UInt8]
    }

    /// An event as a write records it; `event` frames it.
    struct Recorded {
        let id: Int64
        let name: String
        let collection: String?
        /// The event's data, or with `wrapped` the document (or ids) it carries.
        let data: [UInt8]
        /// The data is `{"collection":<collection>,"data":<data>}`, written when framed.
        let wrapped: Bool

        var event: Event {
            guard wrapped, let collection else {
                return Event(
                    id: id, collection: collection, bytes: RealtimeHub.frame(id: id, event: name, data: data))
            }
            return Event(
                id: id, collection: collection,
                bytes: RealtimeHub.frame(
                    id: id, event: name, data: RealtimeHub.documentData(collection, data)))
        }
    }

    /// `{"collection":<collection>,"data":<document>}`: the data of a write's event.
    public static func documentData(_ collection: String, _ document: [UInt8]) -> [UInt8] {
        var data = Array(#"{"collection":\#(JSONValue.string(collection).serialized()),"data":"#.utf8)
        data.reserveCapacity(data.count + document.count + 1)
        data.append(contentsOf: document)
        data.append(UInt8(ascii: "}"))
        return data
    }

    public let settings: Settings
    private let lock = PosixCondition()
    private var ring: [Recorded?]
    private var latestID: Int64 = 0
    /// Events published while the dispatcher runs and not yet taken by it, oldest first.
    private var pending: [Recorded] = []
    /// Subscribers waiting for the dispatcher's next round, each with the id it resumes after
    /// (fixed when it subscribed, so events published before that round still reach it).
    private var joining: [(subscriber: RealtimeSubscriber, after: Int64)] = []
    private var running = false
    private var pruneNeeded = false
    private var memberCount = 0
    /// Places taken under the caps (`admit`), in all and per key.
    private var admitted = 0
    private var admittedByKey: [String: Int] = [:]
    /// Subscribers that left since the allocator last gave memory back; the dispatcher's.
    private var leftSinceTrim = 0
    /// Told when the first subscriber comes and when the last goes (`observeOccupancy`).
    private var occupancyObservers: [@Sendable () -> Void] = []

    public init(settings: Settings = Settings()) {
        self.settings = settings
        ring = Array(repeating: nil, count: settings.history)
    }

    /// Records an event and wakes the dispatcher; returns its id. `data` is one line of JSON.
    @discardableResult
    public func publish(event name: String, collection: String?, data: [UInt8]) -> Int64 {
        record(name, collection, data, wrapped: false)
    }

    /// Records a write's event, `{"collection":<collection>,"data":<document>}` once framed:
    /// `document` is shared, not copied, and nothing is written out unless it is sent.
    @discardableResult
    public func publishDocument(event name: String, collection: String, document: [UInt8]) -> Int64 {
        record(name, collection, document, wrapped: true)
    }

    private func record(_ name: String, _ collection: String?, _ data: [UInt8], wrapped: Bool) -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        latestID += 1
        let event = Recorded(id: latestID, name: name, collection: collection, data: data, wrapped: wrapped)
        ring[Int(latestID % Int64(ring.count))] = event
        if running {
            pending.append(event)
            lock.signal()
        }
        return latestID
    }

    /// Adds a subscriber; with `lastEventID` inside the history it first receives what came
    /// after that id, otherwise it starts with the next event.
    func subscribe(_ subscriber: RealtimeSubscriber) {
        subscriber.sink.onClose { [weak self] in self?.notePrune() }
        lock.lock()
        joining.append((subscriber, resumePoint(subscriber.lastEventID)))
        let start = !running
        running = true
        lock.signal()
        let observers = start ? occupancyObservers : []
        lock.unlock()
        if start { PosixThread.spawn(name: "realtime") { [self] in dispatchLoop() } }
        for observer in observers { observer() }
    }

    /// Calls `observer` after the first subscriber came and after the last went (read
    /// `hasSubscribers` then: calls from two threads may arrive in either order).
    public func observeOccupancy(_ observer: @escaping @Sendable () -> Void) {
        lock.withLock { occupancyObservers.append(observer) }
    }

    /// True from the first subscriber's arrival until the last one has gone.
    public var hasSubscribers: Bool { lock.withLock { running } }

    /// Takes a place for one more subscriber of `key`, or throws when the server or the key
    /// already has as many as the settings allow. The slot gives the place back.
    func admit(key: String) throws(RealtimeLimitError) -> RealtimeSlot {
        lock.lock()
        defer { lock.unlock() }
        if admitted >= settings.maxSubscribers {
            throw RealtimeLimitError(
                message:
                    "This server already has \(settings.maxSubscribers) realtime subscribers, as many as "
                    + "it serves at once (restlite serve --max-subscribers); try again later.")
        }
        if admittedByKey[key, default: 0] >= settings.maxSubscribersPerKey {
            throw RealtimeLimitError(
                message: "This API key already has \(settings.maxSubscribersPerKey) realtime subscribers, as "
                    + "many as one key may have at once (restlite serve --max-subscribers-per-key); close one "
                    + "or try again later.")
        }
        admitted += 1
        admittedByKey[key, default: 0] += 1
        return RealtimeSlot { [weak self] in self?.giveBack(key: key) }
    }

    private func giveBack(key: String) {
        lock.withLock {
            admitted -= 1
            let left = admittedByKey[key, default: 1] - 1
            admittedByKey[key] = left > 0 ? left : nil
        }
    }

    /// Places taken under the caps now (streams open or about to open).
    public var admittedCount: Int { lock.withLock { admitted } }

    /// Subscribers currently served (joining ones included).
    public var subscriberCount: Int { lock.withLock { memberCount + joining.count } }

    /// The id of the newest event so far.
    public var latestEventID: Int64 { lock.withLock { latestID } }

    private func notePrune() {
        lock.lock()
        pruneNeeded = true
        lock.signal()
        lock.unlock()
    }

    static func frame(id: Int64, event: String, data: [UInt8]) -> [UInt8] {
        var bytes = Array("id: \(id)\nevent: \(event)\ndata: ".utf8)
        bytes.reserveCapacity(bytes.count + data.count + 2)
        bytes.append(contentsOf: data)
        bytes.append(contentsOf: [10, 10])
        return bytes
    }

    /// Under `lock`: the stored events after `id`, oldest first.
    private func events(after id: Int64) -> [Recorded] {
        let first = max(id + 1, latestID - Int64(ring.count) + 1)
        guard first <= latestID else { return [] }
        return (first...latestID).compactMap { number in
            guard let event = ring[Int(number % Int64(ring.count))], event.id == number else { return nil }
            return event
        }
    }

    /// Under `lock`: where a joining subscriber starts. Ids past the newest (another run) or
    /// older than the history start fresh.
    private func resumePoint(_ lastEventID: Int64?) -> Int64 {
        guard let lastEventID, lastEventID <= latestID, lastEventID >= latestID - Int64(ring.count) else {
            return latestID
        }
        return lastEventID
    }

    private func dispatchLoop() {
        var members: [RealtimeSubscriber] = []
        var nextPing = ContinuousClock.now + settings.pingInterval
        while true {
            lock.lock()
            while pending.isEmpty && joining.isEmpty && !pruneNeeded
                && ContinuousClock.now < nextPing
            {
                _ = lock.wait(milliseconds: Self.milliseconds(until: nextPing))
            }
            if pruneNeeded {
                // Joiners too: one that left before a round took it would otherwise join
                // closed, after this flag was spent, and stay counted until the next prune.
                let before = members.count + joining.count
                members.removeAll { !$0.sink.isOpen }
                joining.removeAll { !$0.subscriber.sink.isOpen }
                leftSinceTrim += before - members.count - joining.count
            }
            pruneNeeded = false
            if members.isEmpty && joining.isEmpty {
                running = false
                memberCount = 0
                pending = []
                let trim = leftSinceTrim > 0
                leftSinceTrim = 0
                let observers = occupancyObservers
                lock.unlock()
                if trim { MemoryTuning.returnFreeMemory() }
                for observer in observers { observer() }
                return
            }
            let trim = leftSinceTrim >= Self.releasesBeforeTrim
            if trim { leftSinceTrim = 0 }
            let recorded = pending
            pending = []
            let joiners = joining
            joining = []
            // A joiner's backlog: from the ring what came before this round's events, then
            // those of them after its start (the ring may no longer hold them all: a burst
            // larger than the history, published while it joined).
            let firstFresh = recorded.first?.id ?? .max
            let recordedBacklogs = joiners.map { joiner in
                events(after: joiner.after).filter { $0.id < firstFresh }
                    + recorded.filter { $0.id > joiner.after }
            }
            var ping: [UInt8] = []
            if ContinuousClock.now >= nextPing {
                latestID += 1
                ping = Self.frame(id: latestID, event: "ping", data: Array(Self.now().utf8))
                nextPing = ContinuousClock.now + settings.pingInterval
            }
            memberCount = members.count + joiners.count
            lock.unlock()
            if trim { MemoryTuning.returnFreeMemory() }
            // Framed here, off the writers' path and outside the lock.
            let fresh = recorded.map(\.event)
            let backlogs = recordedBacklogs.map { $0.map(\.event) }
            let everything = fresh.reduce(into: [UInt8]()) { $0.append(contentsOf: $1.bytes) } + ping
            let kinds = Self.kinds(of: fresh)
            if !everything.isEmpty {
                Self.closeSlowest(members, adding: everything.count, toFit: settings.totalQueueBytes)
            }
            for member in members {
                member.deliver(fresh, kinds: kinds, everything: everything, then: ping)
            }
            for ((joiner, _), backlog) in zip(joiners, backlogs) {
                let all = backlog.reduce(into: [UInt8]()) { $0.append(contentsOf: $1.bytes) } + ping
                joiner.deliver(
                    backlog, kinds: Self.kinds(of: backlog), everything: all, then: ping)
            }
            members.append(contentsOf: joiners.map(\.subscriber))
            if !everything.isEmpty || !joiners.isEmpty {
                Self.closeSlowest(members, toFit: settings.totalQueueBytes)
            }
            if !fresh.isEmpty && settings.coalesce > .zero {
                SystemClock.sleep(settings.pause(after: members.count))
            }
        }
    }

    /// Disconnects the subscribers holding the most queued bytes until what all of them hold,
    /// with `incoming` more bytes (one fan-out array) sent, fits `budget`: the slowest readers
    /// go, the others keep their streams. Called before a round delivers (so the round cannot
    /// overshoot) and after it. What the queues hold is each one's own pieces
    /// (`ownedByteCount`) plus the fan-out arrays they share: those are the rounds' arrays,
    /// queued in order by every subscriber that may see them all, so the union of what they
    /// hold is what the one holding the most holds (`sharedByteCount`), counted once.
    /// Returns how many were closed.
    @discardableResult
    static func closeSlowest(_ members: [RealtimeSubscriber], adding incoming: Int = 0, toFit budget: Int)
        -> Int
    {
        var queued = members.map { member in
            (member: member, owned: member.sink.ownedByteCount, shared: member.sink.sharedByteCount)
        }
        let owned = queued.reduce(0) { $0 + $1.owned }
        guard incoming + owned + (queued.map(\.shared).max() ?? 0) > budget else { return 0 }
        queued.sort { $0.owned + $0.shared > $1.owned + $1.shared }
        // The most shared bytes among the members from each index on.
        var sharedFrom = [Int](repeating: 0, count: queued.count + 1)
        for index in queued.indices.reversed() {
            sharedFrom[index] = max(queued[index].shared, sharedFrom[index + 1])
        }
        var total = incoming + owned + sharedFrom[0]
        var closed = 0
        for (index, entry) in queued.enumerated() where total > budget {
            guard entry.owned + entry.shared > 0 else { break }
            entry.member.sink.close()
            total += sharedFrom[index + 1] - sharedFrom[index] - entry.owned
            closed += 1
        }
        return closed
    }

    /// The distinct collections of `events` in order of first appearance, nil standing for
    /// messages (`publish`), which have none.
    static func kinds(of events: [Event]) -> [String?] {
        var seen = Set<String?>()
        var ordered: [String?] = []
        for event in events where seen.insert(event.collection).inserted { ordered.append(event.collection) }
        return ordered
    }

    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int {
        max(1, Int(ContinuousClock.now.duration(to: instant).wholeMilliseconds) + 1)
    }

    /// Now as restdb writes dates, for the `ping` data.
    private static func now() -> String {
        ISODate.format(milliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()))
    }
}
