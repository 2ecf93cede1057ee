import SocketHTTP

/// One `GET /realtime` client: its sink, which collections its key may read, and where it
/// asked to resume. Used by the dispatcher thread only once it joined.
final class RealtimeSubscriber: @unchecked Sendable {
    let sink: StreamSink
    let lastEventID: Int64?
    private let mayRead: @Sendable (String) -> Bool
    /// Decisions per collection; the dispatcher alone reads and writes it.
    private var decisions: [String: Bool] = [:]

    init(sink: StreamSink, lastEventID: Int64?, mayRead: @escaping @Sendable (String) -> Bool) {
        self.sink = sink
        self.lastEventID = lastEventID
        self.mayRead = mayRead
    }

    /// Sends the events this subscriber may see, then `trailer` (a ping), in one write.
    /// `everything` is all of them joined: a subscriber that may see them all gets that very
    /// array, so a fan-out to many full-access subscribers copies nothing. `collections` are
    /// the distinct collections of `events` (found once per round by the hub), so the check is
    /// one cached decision per collection rather than one per event.
    func deliver(
        _ events: [RealtimeHub.Event], collections: [String], everything: [UInt8], then trailer: [UInt8]
    ) {
        if collections.allSatisfy({ allows($0) }) {
            if !everything.isEmpty { sink.send(everything) }
            return
        }
        var bytes: [UInt8] = []
        for event in events where allows(event.collection) { bytes.append(contentsOf: event.bytes) }
        bytes.append(contentsOf: trailer)
        guard !bytes.isEmpty else { return }
        sink.send(bytes)
    }

    private func allows(_ collection: String?) -> Bool {
        guard let collection else { return true }
        if let known = decisions[collection] { return known }
        let decision = mayRead(collection)
        decisions[collection] = decision
        return decision
    }
}
