/// When a statement's answer is waited for on the CPU instead of in `poll(2)`.
///
/// A round trip to PostgreSQL wakes two sleepers: the backend, then this thread. On a virtual
/// machine a core that slept more than the hypervisor's halt-polling window (KVM's 200 µs)
/// wakes tens of microseconds late, and the thread comes back with its caches cold. While this
/// process handles one request only, no other request wants the core, so reading the socket in a
/// loop for up to `limit` costs nothing it could have served, and saves that wake-up:
/// `restlite serve` on PostgreSQL uses the HTTP server's count of requests in handlers
/// (`mayWait` while it is at most one). Under load the count is higher and statements wait in
/// `poll(2)` as before. Figures: docs/PERFORMANCE.md ("A lone request waits for its answer on the CPU").
public struct BusyWait: Sendable {
    /// Asked before the statement is sent and at every look at the socket.
    public var mayWait: @Sendable () -> Bool
    /// The longest one statement's answer is waited for this way; after it, `poll(2)`.
    public var limit: Duration

    public init(limit: Duration = .microseconds(100), mayWait: @escaping @Sendable () -> Bool) {
        self.mayWait = mayWait
        self.limit = limit
    }
}
