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
    /// array (sent as shared: its sink queues it without a copy, and it is not counted as that
    /// sink's own memory), so a fan-out to many full-access subscribers copies nothing. `kinds` are the
    /// distinct collections of `events`, nil standing for messages (found once per round by
    /// the hub), so the check is one cached decision per collection rather than one per event,
    /// and a subscriber that may read none of them looks at no event.
    func deliver(
        _ events: [RealtimeHub.Event], kinds: [String?], everything: [UInt8], then trailer: [UInt8]
    ) {
        let denied = kinds.compactMap { kind -> String? in
            guard let kind, !allows(kind) else { return nil }
            return kind
        }
        if denied.isEmpty {
            if !everything.isEmpty { sink.send(everything, shared: true) }
            return
        }
        if denied.count == kinds.count {
            if !trailer.isEmpty { sink.send(trailer, shared: true) }
            return
        }
        var bytes: [UInt8] = []
        for event in events where event.collection.map({ !denied.contains($0) }) ?? true {
            bytes.append(contentsOf: event.bytes)
        }
        bytes.append(contentsOf: trailer)
        guard !bytes.isEmpty else { return }
        sink.send(bytes)
    }

    private func allows(_ collection: String) -> Bool {
        if let known = decisions[collection] { return known }
        let decision = mayRead(collection)
        decisions[collection] = decision
        return decision
    }
}
