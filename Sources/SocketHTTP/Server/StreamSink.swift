import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of a streamed response. Any thread may `send`: the bytes join a bounded
/// queue and a worker writes them when the server's stream wake-up fires, so a sender never
/// waits on the socket. A sink whose queue would pass its capacity (a client that does not
/// read) is closed instead of growing.
///
/// The queue holds the very arrays `send` was given, in order, and a flush hands all of them
/// to one `sendmsg` (an I/O vector, up to `maximumPieces` at a time): a fan-out array that many
/// sinks share is never copied into a queue of its own, however many of them a slow reader
/// holds, and the events that piled up while the socket was full leave in one call.
///
/// `@unchecked Sendable`: every stored var is guarded by `lock`. The descriptor is written only
/// under the lock, and the runtime closes it only under the lock (`detach`), so no write can
/// reach a descriptor number that was closed and reused.
public final class StreamSink: @unchecked Sendable {
    /// One array `send` was given; `shared` when the sender passes the same array to other
    /// sinks (its bytes are then not this sink's own memory).
    private struct Piece {
        let bytes: [UInt8]
        let shared: Bool
    }

    /// Pieces handed to one `sendmsg` at most (well under every system's `IOV_MAX`).
    static let maximumPieces = 64

    private let lock = PosixCondition()
    private let fd: Int32
    private let scheduler: StreamScheduler
    /// Most bytes held for the client; more and the sink closes.
    public let capacity: Int
    /// What is queued, oldest first; the first piece's first `written` bytes are already out.
    private var pieces: [Piece]
    private var written = 0
    /// Bytes queued and not yet written.
    private var queued: Int
    /// Bytes of memory the queued pieces that are not shared hold (their capacity).
    private var ownedBytes: Int
    /// Bytes of the shared pieces queued (one partly written counts whole: it is held whole).
    private var sharedQueued = 0
    private var scheduled = false
    private var closed = false
    private var descriptorOpen = true
    private var closeHandlers: [@Sendable () -> Void] = []
    /// Writes (`sendmsg` calls) made so far (tests).
    private var writes = 0
    /// The scheduler's wait before this sink's next try after a full socket (milliseconds; 0
    /// after a write that made progress). Guarded by the scheduler's lock, not this sink's.
    var retryDelay: Int64 = 0

    /// With `held`, nothing is written until the owner schedules the sink itself (the runtime
    /// does once the stream's opener has returned): what is sent until then only queues.
    init(fd: Int32, head: [UInt8], capacity: Int, scheduler: StreamScheduler, held: Bool = false) {
        self.fd = fd
        self.pieces = head.isEmpty ? [] : [Piece(bytes: head, shared: false)]
        self.queued = head.count
        self.ownedBytes = head.isEmpty ? 0 : head.capacity
        self.capacity = capacity
        self.scheduler = scheduler
        self.scheduled = held
    }

    /// Queues `bytes` for the client without blocking or copying them. `shared`: the sender
    /// passes this same array to other sinks too (a fan-out), so it is not counted as this
    /// sink's own memory (`ownedByteCount`). False when the sink is closed, or when the bytes
    /// would overflow the queue (the sink then closes).
    @discardableResult
    public func send(_ bytes: [UInt8], shared: Bool = false) -> Bool {
        guard !bytes.isEmpty else { return isOpen }
        lock.lock()
        guard !closed else {
            lock.unlock()
            return false
        }
        guard queued + bytes.count <= capacity else {
            let handlers = markClosed()
            lock.unlock()
            handlers.forEach { $0() }
            return false
        }
        pieces.append(Piece(bytes: bytes, shared: shared))
        queued += bytes.count
        if shared { sharedQueued += bytes.count } else { ownedBytes += bytes.capacity }
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
    public var bufferedByteCount: Int { lock.withLock { queued } }

    /// Bytes of memory this sink's queue alone holds: the pieces sent as not shared (their
    /// capacity) and the queue's own list of pieces. Shared pieces (one fan-out array passed to
    /// many sinks) count as none here, so adding this up over many sinks gives what they cost,
    /// not what they would cost each with a copy; `sharedByteCount` says what they hold of those.
    public var ownedByteCount: Int {
        lock.withLock { ownedBytes + pieces.capacity * MemoryLayout<Piece>.stride }
    }

    /// Bytes of the shared pieces (`send(_:shared:)`) this queue holds.
    public var sharedByteCount: Int { lock.withLock { sharedQueued } }

    /// `sendmsg` calls this sink made so far (tests).
    var writeCount: Int { lock.withLock { writes } }

    /// Under `lock`: marks the sink closed and shuts the socket down, so the worker waiting on
    /// it sees the hang-up and releases the connection. Returns the handlers to run.
    private func markClosed() -> [@Sendable () -> Void] {
        guard !closed else { return [] }
        closed = true
        dropQueue()
        if descriptorOpen { System.shutdown(fd) }
        defer { closeHandlers = [] }
        return closeHandlers
    }

    /// Under `lock`. Not keeping the capacity: an idle subscriber should cost little.
    private func dropQueue() {
        pieces = []
        written = 0
        queued = 0
        ownedBytes = 0
        sharedQueued = 0
    }

    /// What a flush did.
    enum FlushResult: Equatable {
        /// Everything queued is written (or there was nothing, or the stream ended).
        case done
        /// Bytes remain because the socket filled; `progressed` when this flush wrote some.
        case full(progressed: Bool)
    }

    /// Writes what is queued (non-blocking), all of it in one `sendmsg` when it has at most
    /// `maximumPieces` pieces. `.full` when bytes remain because the socket is full, so the
    /// scheduler retries later.
    func flush() -> FlushResult {
        lock.lock()
        defer { lock.unlock() }
        scheduled = false
        var progressed = false
        while descriptorOpen, !closed, queued > 0 {
            let count = writeQueued()
            writes += 1
            if count.count < 0 {
                guard System.errno == EAGAIN || System.errno == EWOULDBLOCK else {
                    closed = true
                    dropQueue()
                    System.shutdown(fd)
                    return .done
                }
                scheduled = true
                return .full(progressed: progressed)
            }
            consume(count.count)
            progressed = progressed || count.count > 0
            if count.count < count.offered {
                scheduled = true
                return .full(progressed: progressed)
            }
        }
        if queued == 0 { dropQueue() }
        return .done
    }

    /// Under `lock`: one `sendmsg` of the first `maximumPieces` pieces (past `written`).
    /// Returns what it wrote (or -1) and how many bytes it was offered.
    private func writeQueued() -> (count: Int, offered: Int) {
        let pieceCount = min(pieces.count, Self.maximumPieces)
        var offered = -written
        for piece in pieces[..<pieceCount] { offered += piece.bytes.count }
        var vectors = [iovec](repeating: iovec(), count: pieceCount)
        let count = Self.withVectors(pieces[..<pieceCount], skipping: written, into: &vectors, at: 0) {
            vectors in
            while true {
                #if canImport(Glibc)
                    var message = msghdr()
                    message.msg_iov = vectors.baseAddress
                    message.msg_iovlen = vectors.count
                    let result = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                #else
                    let result = writev(fd, vectors.baseAddress, Int32(vectors.count))
                #endif
                if result >= 0 || System.errno != EINTR { return result }
            }
        }
        return (count, offered)
    }

    /// Fills `vectors` from `pieces` (each one's bytes pinned for the call by nesting), then
    /// calls `body`. The first piece starts `skipping` bytes in.
    private static func withVectors(
        _ pieces: ArraySlice<Piece>, skipping: Int, into vectors: inout [iovec], at index: Int,
        _ body: (UnsafeMutableBufferPointer<iovec>) -> Int
    ) -> Int {
        guard index < pieces.count else { return vectors.withUnsafeMutableBufferPointer { body($0) } }
        return pieces[pieces.startIndex + index].bytes.withUnsafeBytes { raw in
            let skip = index == 0 ? skipping : 0
            vectors[index] = iovec(
                iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip),
                iov_len: raw.count - skip)
            return withVectors(pieces, skipping: skipping, into: &vectors, at: index + 1, body)
        }
    }

    /// Under `lock`: drops the `count` bytes just written from the front of the queue.
    private func consume(_ count: Int) {
        var left = count + written
        var done = 0
        while done < pieces.count, left >= pieces[done].bytes.count {
            left -= pieces[done].bytes.count
            if pieces[done].shared {
                sharedQueued -= pieces[done].bytes.count
            } else {
                ownedBytes -= pieces[done].bytes.capacity
            }
            done += 1
        }
        pieces.removeFirst(done)
        written = left
        queued -= count
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
