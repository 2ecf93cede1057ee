/// Realtime events shared by every restlite process on one database: each process sends the
/// events its writes publish, and receives the others' to publish to its own `/realtime`
/// subscribers. An engine whose data only this process sees (SQLite in a data folder, which
/// one server locks) has none.
public protocol EventRelay: AnyObject, Sendable {
    /// Hands an event this process published to the other processes.
    func send(event: String, collection: String?, data: [UInt8])
    /// Delivers the other processes' events, in the order they were sent, on a thread of the
    /// relay's own, until the relay goes away. Called once.
    func start(
        _ deliver: @escaping @Sendable (_ event: String, _ collection: String?, _ data: [UInt8]) -> Void)
}

/// An engine that several processes share, with the relay of their events.
public protocol SharedEngine: DocumentEngine {
    var eventRelay: any EventRelay { get }
}
