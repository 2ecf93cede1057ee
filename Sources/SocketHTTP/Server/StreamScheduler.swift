import PlatformSupport

#if canImport(Glibc)
    import Glibc
    import CEventLoop
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands sinks with bytes to write to the workers: a sender appends its sink to `ready` and
/// fires a one-shot wake-up registered in the poller (an eventfd on Linux, a user event on
/// Darwin); the worker that receives it takes a batch and writes. Up to `writers` workers write
/// streams at once, each its own batch (a sink is in one batch at a time, and its lock keeps
/// its bytes in order): a fan-out to many subscribers is spread over that many cores, and the
/// other workers keep answering requests. Sinks whose socket was full wait in `blocked` and
/// are tried again after a delay: a millisecond after a write that made progress (the reader
/// is reading), doubling with each try in a row that wrote nothing, up to `maximumRetryDelay`
/// (the sweeper thread wakes for the earliest): a reader that keeps up loses almost no time,
/// one that stopped reading costs a write attempt a quarter-second at most.
///
/// `@unchecked Sendable`: `ready`, `blocked`, `signalled`, `writing`, `closed`, `plannedRetry`
/// and each sink's `retryDelay` are guarded by `lock`;
/// the wake-up is fired only under it, so never after `close` (when the descriptor number may
/// belong to something else).
final class StreamScheduler: @unchecked Sendable {
    static let token: UInt64 = 3
    /// Sinks one worker writes per wake-up; the rest go to the next worker.
    static let batch = 128
    /// Workers that may write streams at once, unless the server says otherwise.
    static let defaultWriters = 2

    /// Workers that may write streams at once.
    let writers: Int

    private let lock = PosixCondition()
    private let pollerFD: Int32
    private let wakeFD: Int32
    /// The wait of a sink whose socket was full after a write that made progress, in
    /// milliseconds; doubled at each try in a row that wrote nothing, up to `maximumRetryDelay`.
    static let firstRetryDelay: Int64 = 1
    static let maximumRetryDelay: Int64 = 250

    private var ready: [StreamSink] = []
    private var blocked: [(sink: StreamSink, due: Int64)] = []
    /// A wake-up is fired and no worker took it yet.
    private var signalled = false
    /// Workers writing a batch now.
    private var writing = 0
    private var closed = false
    /// When the sweeper last planned to retry (`Int64.max`: it is not waiting for any).
    private var plannedRetry = Int64.max
    /// Wakes the sweeper when a blocked sink is due before the time it planned (set once by the
    /// runtime, before any sink is scheduled; called with no lock of the scheduler held).
    var wakeSweeper: (@Sendable () -> Void)?

    init(poller: Poller, writers: Int = StreamScheduler.defaultWriters) throws(SocketError) {
        self.writers = max(1, writers)
        pollerFD = poller.fd
        #if canImport(Glibc)
            wakeFD = cel_eventfd()
            guard wakeFD >= 0 else { throw .last("eventfd") }
            let interest = cel_EPOLLIN | cel_EPOLLONESHOT
            guard cel_epoll_ctl(pollerFD, cel_EPOLL_CTL_ADD, wakeFD, interest, Self.token) == 0 else {
                throw .last("epoll_ctl")
            }
        #else
            wakeFD = -1
            var event = Self.userEvent(flags: EV_ADD | EV_CLEAR | EV_DISPATCH, fflags: 0)
            guard kevent(pollerFD, &event, 1, nil, 0, nil) == 0 else { throw .last("kevent") }
        #endif
    }

    func schedule(_ sink: StreamSink) {
        lock.lock()
        defer { lock.unlock() }
        ready.append(sink)
        signalIfWanted()
    }

    /// Called by the sweeper: the blocked sinks due by `now` are tried again. Returns when the
    /// next one is due (nil when none waits).
    func retryDue(now: Int64) -> Int64? {
        lock.lock()
        defer { lock.unlock() }
        var next = Int64.max
        var waiting: [(sink: StreamSink, due: Int64)] = []
        var moved = false
        for entry in blocked {
            if entry.due <= now {
                ready.append(entry.sink)
                moved = true
            } else {
                waiting.append(entry)
                next = min(next, entry.due)
            }
        }
        blocked = waiting
        plannedRetry = next
        if moved { signalIfWanted() }
        return next == .max ? nil : next
    }

    /// The worker's side of a wake-up: takes a batch, writes each sink of it, then fires the
    /// wake-up again if more wait. At most `writers` workers write streams at once (a wake-up
    /// is fired only while fewer do): a fan-out to many subscribers, which is mostly copying
    /// into socket buffers, never takes every worker, so requests keep being answered meanwhile.
    func serviceWakeUp() {
        let batch = takeBatch()
        var full: [StreamSink] = []
        var stuck: [StreamSink] = []
        for sink in batch {
            switch sink.flush() {
            case .done: break
            case .full(progressed: true): full.append(sink)
            case .full(progressed: false): stuck.append(sink)
            }
        }
        finish(batch, stillBlocked: full + stuck, madeNoProgress: stuck, now: System.monotonicMilliseconds())
    }

    /// The first half of a wake-up: drains and re-arms it, and takes up to `batch` sinks. The
    /// caller is one of the writers until it calls `finish`; when more sinks wait and fewer than
    /// `writers` write, the wake-up fires again for another worker.
    func takeBatch() -> [StreamSink] {
        drainWake()
        lock.lock()
        signalled = false
        writing += 1
        let count = min(Self.batch, ready.count)
        let batch = Array(ready.prefix(count))
        ready.removeFirst(count)
        signalIfWanted()
        lock.unlock()
        rearm()
        return batch
    }

    /// The second half, once `batch` was written (`now`: the monotonic milliseconds): sinks
    /// whose socket was full (`stillBlocked`) wait their retry delay, which starts over for
    /// those whose write made progress and doubles for those in `madeNoProgress`; the others
    /// start again from no delay, and the wake-up fires again when more sinks are ready.
    func finish(
        _ batch: [StreamSink], stillBlocked: [StreamSink], madeNoProgress: [StreamSink]? = nil, now: Int64
    ) {
        lock.lock()
        let full = Set(stillBlocked.map(ObjectIdentifier.init))
        let stuck = madeNoProgress.map { Set($0.map(ObjectIdentifier.init)) } ?? full
        var earliest = Int64.max
        for sink in batch {
            guard full.contains(ObjectIdentifier(sink)) else {
                sink.retryDelay = 0
                continue
            }
            sink.retryDelay =
                sink.retryDelay == 0 || !stuck.contains(ObjectIdentifier(sink))
                ? Self.firstRetryDelay : min(sink.retryDelay * 2, Self.maximumRetryDelay)
            blocked.append((sink, now + sink.retryDelay))
            earliest = min(earliest, now + sink.retryDelay)
        }
        writing -= 1
        signalIfWanted()
        let sooner = earliest < plannedRetry
        if sooner { plannedRetry = earliest }
        let wake = wakeSweeper
        lock.unlock()
        if sooner { wake?() }
    }

    /// The retry delay a sink waits now (tests).
    func retryDelay(of sink: StreamSink) -> Int64 { lock.withLock { sink.retryDelay } }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        if wakeFD >= 0 { System.close(wakeFD) }
    }

    /// Under `lock`: fires the wake-up when sinks are ready, none fired is waiting to be taken,
    /// and fewer than `writers` workers write.
    private func signalIfWanted() {
        guard !ready.isEmpty, !signalled, writing < writers else { return }
        signal()
        signalled = true
    }

    /// Under `lock`.
    private func signal() {
        guard !closed else { return }
        #if canImport(Glibc)
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        #else
            var event = Self.userEvent(flags: 0, fflags: UInt32(NOTE_TRIGGER))
            _ = kevent(pollerFD, &event, 1, nil, 0, nil)
        #endif
    }

    private func drainWake() {
        #if canImport(Glibc)
            var value: UInt64 = 0
            _ = read(wakeFD, &value, 8)
        #endif
    }

    private func rearm() {
        #if canImport(Glibc)
            _ = cel_epoll_ctl(
                pollerFD, cel_EPOLL_CTL_MOD, wakeFD, cel_EPOLLIN | cel_EPOLLONESHOT, Self.token)
        #else
            var event = Self.userEvent(flags: EV_ENABLE, fflags: 0)
            _ = kevent(pollerFD, &event, 1, nil, 0, nil)
        #endif
    }

    #if canImport(Darwin)
        private static func userEvent(flags: Int32, fflags: UInt32) -> kevent {
            kevent(
                ident: UInt(token), filter: Int16(EVFILT_USER), flags: UInt16(flags), fflags: fflags,
                data: 0, udata: UnsafeMutableRawPointer(bitPattern: UInt(token)))
        }
    #endif
}
