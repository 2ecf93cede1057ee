import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of a streamed response. Any thread may `send`: the bytes join a bounded
/// buffer and a worker writes them when the server's stream wake-up fires, so a sender never
/// waits on the socket. A sink whose buffer would pass its capacity (a client that does not
/// read) is closed instead of growing.
///
/// `@unchecked Sendable`: every stored var is guarded by `lock`. The descriptor is written only
/// under the lock, and the runtime closes it only under the lock (`detach`), so no write can
/// reach a descriptor number that was closed and reused.
public final class StreamSink: @unchecked Sendable {
    private let lock = PosixCondition()
    private let fd: Int32
    private let scheduler: StreamScheduler
    /// Most bytes held for the client; more and the sink closes.
    public let capacity: Int
    private var buffer: [UInt8]
    /// The buffer is still the very array a `send` passed in (one fan-out array many sinks
    /// share), so this sink adds no bytes of its own to the process.
    private var bufferIsSendersArray = false
    /// Bytes at the front of `buffer` already written: a partial write moves this rather than
    /// copying the rest (a copy per sink of a shared fan-out array would multiply it).
    private var written = 0
    private var scheduled = false
    private var closed = false
    private var descriptorOpen = true
    private var closeHandlers: [@Sendable () -> Void] = []
    /// The scheduler's wait before this sink's next try after a full socket (milliseconds; 0
    /// after a write that emptied it). Guarded by the scheduler's lock, not this sink's.
    var retryDelay: Int64 = 0

    /// With `held`, nothing is written until the owner schedules the sink itself (the runtime
    /// does once the stream's opener has returned): what is sent until then only queues.
    init(fd: Int32, head: [UInt8], capacity: Int, scheduler: StreamScheduler, held: Bool = false) {
        self.fd = fd
        self.buffer = head
        self.capacity = capacity
        self.scheduler = scheduler
        self.scheduled = held
    }

    /// Queues `bytes` for the client without blocking. False when the sink is closed, or when
    /// the bytes would overflow the buffer (the sink then closes).
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        lock.lock()
        guard !closed else {
            lock.unlock()
            return false
        }
        guard buffer.count - written + bytes.count <= capacity else {
            let handlers = markClosed()
            lock.unlock()
            handlers.forEach { $0() }
            return false
        }
        // An empty buffer takes the array itself: one fan-out array shared by many sinks.
        if buffer.isEmpty {
            buffer = bytes
            bufferIsSendersArray = true
        } else {
            if written > 0 { buffer.removeFirst(written) }
            written = 0
            buffer.append(contentsOf: bytes)
            bufferIsSendersArray = false
        }
        let first = !scheduled
        scheduled = true
        lock.unlock()
        if first { scheduler.schedule(self) }
        return true
    }

    /// Ends the stream: bytes not yet written are dropped and the connection is shut down.
    public func close() {
        lock.lock()
        let handlers = markClosed()
        lock.unlock()
        handlers.forEach { $0() }
    }

    /// Runs `handler` once when the stream ends, from either side (at once if it has ended).
    public func onClose(_ handler: @escaping @Sendable () -> Void) {
        lock.lock()
        guard closed else {
            closeHandlers.append(handler)
            lock.unlock()
            return
        }
        lock.unlock()
        handler()
    }

    /// False once the stream ended.
    public var isOpen: Bool { lock.withLock { !closed } }

    /// Bytes queued and not yet written.
    public var bufferedByteCount: Int { lock.withLock { buffer.count - written } }

    /// Bytes of memory this sink's queue alone holds (its capacity, which growth leaves larger
    /// than what is queued): a buffer that is still the array a `send` passed in (shared by a
    /// fan-out to many sinks) counts as none, so adding this up over many sinks gives what they
    /// cost, not what they would cost each with a copy.
    public var ownedByteCount: Int { lock.withLock { bufferIsSendersArray ? 0 : buffer.capacity } }

    /// Under `lock`: marks the sink closed and shuts the socket down, so the worker waiting on
    /// it sees the hang-up and releases the connection. Returns the handlers to run.
    private func markClosed() -> [@Sendable () -> Void] {
        guard !closed else { return [] }
        closed = true
        buffer = []
        written = 0
        if descriptorOpen { System.shutdown(fd) }
        defer { closeHandlers = [] }
        return closeHandlers
    }

    /// Writes what is buffered (non-blocking). Returns true when bytes remain because the
    /// socket is full, so the scheduler retries later.
    func flush() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        scheduled = false
        guard descriptorOpen, !closed, buffer.count > written else { return false }
        let count = buffer.withUnsafeBytes {
            System.writeTwo(
                fd, UnsafeRawBufferPointer(rebasing: $0[written...]),
                UnsafeRawBufferPointer(start: nil, count: 0))
        }
        if count == buffer.count - written {
            buffer = []  // not keepingCapacity: an idle subscriber should cost little
            written = 0
            return false
        }
        if count < 0 && System.errno != EAGAIN && System.errno != EWOULDBLOCK {
            closed = true
            buffer = []
            written = 0
            System.shutdown(fd)
            return false
        }
        if count > 0 { written += count }
        scheduled = true
        return true
    }

    /// The runtime's side of the end: closes the descriptor under the lock and runs the
    /// handlers (once).
    func detach(closing close: () -> Void) {
        lock.lock()
        descriptorOpen = false
        let handlers = markClosed()
        close()
        lock.unlock()
        handlers.forEach { $0() }
    }
}
