/// Realtime events shared by every restlite process on one database: each process sends the
/// events its writes publish, and receives the others' to publish to its own `/realtime`
/// subscribers. An engine whose data only this process sees (SQLite in a data folder, which
/// one server locks) has none.
///
/// Sending costs nothing while no other process has a subscriber: each process says in the
/// database when it gets its first subscriber and loses its last (`subscribersChanged`).
public protocol EventRelay: AnyObject, Sendable {
    /// Hands an event this process published to the other processes (when any of them has
    /// subscribers).
    func send(event: String, collection: String?, data: [UInt8])
    /// Delivers the other processes' events, in the order they were sent, on a thread of the
    /// relay's own, until the relay goes away, while `hasSubscribers` says this process has
    /// any. Called once.
    func start(
        hasSubscribers: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (_ event: String, _ collection: String?, _ data: [UInt8]) -> Void)
    /// This process got its first subscriber or lost its last (`hasSubscribers` changed):
    /// the other processes learn it before this returns (their sending starts or stops).
    /// Called again for a later subscriber, it returns once a registration under way is done,
    /// so a write sent after it returned reaches every subscriber.
    func subscribersChanged()
    /// True while some other process on the database has subscribers (so `send` writes).
    var othersHaveSubscribers: Bool { get }
}

/// An engine that several processes share, with the relay of their events and the table of
/// their API keys.
public protocol SharedEngine: DocumentEngine {
    var eventRelay: any EventRelay { get }
    var keyTable: any SharedKeyTable { get }
}
