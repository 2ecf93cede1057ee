/// The state of one accepted connection.
///
/// `@unchecked Sendable`: a connection is owned by exactly one thread at a time. The poller is
/// one-shot, so after a worker receives the event for this connection no other worker can,
/// until that worker re-arms it (or closes it) as its last access. The re-arming syscall
/// publishes every write made before it. The sweeper and shutdown never touch this object;
/// they only `shutdown()` the descriptor through `ConnectionTable`.
final class Connection: @unchecked Sendable {
    let fd: Int32
    let remoteAddress: String
    var parser: HTTPRequestParser
    /// Bytes of a response that did not fit in the socket buffer; sent on the next writable event.
    var pendingOutput: [UInt8] = []
    /// The file whose bytes from `pendingFileOffset` follow `pendingOutput` (a file body).
    var pendingFile: HTTPBodyFile?
    var pendingFileOffset = 0
    /// Close once `pendingOutput` is sent (a `Connection: close` or failed request).
    var closeAfterWrite = false
    /// After a protocol error: our side is shut down, read and discard until the peer closes, so
    /// the error response is not destroyed by a reset.
    var lingering = false
    /// When the current request's first bytes arrived (monotonic ms), for the header timeout.
    var requestStartedAt: Int64 = 0
    /// Whether any request was completed (the first waits under the header timeout).
    var servedRequest = false
    /// Whether the current request's head went through `respondBeforeBody`.
    var headChecked = false
    /// When the current body must have arrived (monotonic ms; 0 when no body is awaited).
    var bodyDeadline: Int64 = 0
    /// The deadline last recorded in the connection table, to tell a timeout from a hang-up.
    var armedDeadline: Int64 = 0
    /// Parser memory counted in the table's buffered total (`ConnectionTable.bufferedBytes`).
    var accountedBytes = 0
    /// Whether the current request's body is under the responder's `bodyLimit`: its parser's
    /// memory then counts in the small-body pool (`ConnectionTable.smallBodyBytes`).
    var smallBody = false
    /// The pool `accountedBytes` is counted in.
    var accountedAsSmall = false
    /// Where the current request's body goes when its route spools bodies to disk.
    var spool: HTTPBodyFile?
    /// Set once a streamed response started: the connection now only carries that stream.
    var stream: StreamSink?

    init(fd: Int32, remoteAddress: String, limits: HTTPLimits) {
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.parser = HTTPRequestParser(limits: limits)
    }

    /// Whether response bytes are still to be written.
    var hasPendingOutput: Bool { !pendingOutput.isEmpty || pendingFile != nil }

    /// The registration token: the object's address (retained while registered).
    var token: UInt64 { UInt64(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())) }

    static func from(token: UInt64) -> Connection {
        Unmanaged<Connection>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(token))!).takeUnretainedValue()
    }
}
