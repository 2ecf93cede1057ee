import CEventLoop

/// How many requests the server's handlers are running right now, read without a lock: set
/// `HTTPServerConfiguration.handlerGauge` and ask `count` from any thread. `restlite serve` on
/// PostgreSQL reads it to let a statement wait for its answer on the CPU while its request is
/// the only one (PostgresStore's `BusyWait`).
///
/// `@unchecked Sendable`: the count is one cell changed and read with atomic operations only.
public final class HandlerGauge: @unchecked Sendable {
    /// One cell on a cache line of its own.
    private let cell: UnsafeMutablePointer<Int64> = cel_cells_allocate(1)!

    public init() {}

    deinit { cel_cells_free(cell) }

    /// Requests inside a handler now.
    public var count: Int { Int(cel_atomic_load(cell)) }

    func enter() { _ = cel_atomic_add(cell, 1) }

    func leave() { _ = cel_atomic_add(cell, -1) }
}
