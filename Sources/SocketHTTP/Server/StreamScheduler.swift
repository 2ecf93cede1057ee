import PlatformSupport

#if canImport(Glibc)
    import Glibc
    import CEventLoop
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands sinks with bytes to write to the workers: a sender appends its sink to `ready` and
/// fires a one-shot wake-up registered in the poller (an eventfd on Linux, a user event on
/// Darwin); the worker that receives it takes a batch and writes. Sinks whose socket was full
/// wait in `blocked` until the sweeper's next tick puts them back.
///
/// `@unchecked Sendable`: `ready`, `blocked`, `signalled` and `closed` are guarded by `lock`;
/// the wake-up is fired only under it, so never after `close` (when the descriptor number may
/// belong to something else).
final class StreamScheduler: @unchecked Sendable {
    static let token: UInt64 = 3
    /// Sinks one worker writes per wake-up; the rest go to the next worker.
    static let batch = 128

    private let lock = PosixCondition()
    private let pollerFD: Int32
    private let wakeFD: Int32
    private var ready: [StreamSink] = []
    private var blocked: [StreamSink] = []
    private var signalled = false
    private var closed = false

    init(poller: Poller) throws(SocketError) {
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
        if !signalled { signal() }
        signalled = true
    }

    /// Called by the sweeper: sinks that met a full socket try again.
    func retryBlocked() {
        lock.lock()
        defer { lock.unlock() }
        guard !blocked.isEmpty else { return }
        ready.append(contentsOf: blocked)
        blocked = []
        if !signalled { signal() }
        signalled = true
    }

    /// The worker's side of a wake-up: takes a batch, writes each sink of it, then fires the
    /// wake-up again if more wait. One worker writes streams at a time (`signalled` stays set
    /// while it does): a fan-out to many subscribers, which is mostly copying into socket
    /// buffers, never takes every worker, so requests keep being answered meanwhile.
    func serviceWakeUp() {
        let batch = takeBatch()
        finish(batch, stillBlocked: batch.filter { $0.flush() })
    }

    /// The first half of a wake-up: drains and re-arms it, and takes up to `batch` sinks.
    func takeBatch() -> [StreamSink] {
        drainWake()
        lock.lock()
        let count = min(Self.batch, ready.count)
        let batch = Array(ready.prefix(count))
        ready.removeFirst(count)
        lock.unlock()
        rearm()
        return batch
    }

    /// The second half, once `batch` was written: sinks whose socket was full wait for the
    /// sweeper, and the wake-up fires again when more sinks are ready.
    func finish(_ batch: [StreamSink], stillBlocked: [StreamSink]) {
        lock.lock()
        defer { lock.unlock() }
        blocked.append(contentsOf: stillBlocked)
        signalled = !ready.isEmpty
        if signalled { signal() }
    }

    func close() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        if wakeFD >= 0 { System.close(wakeFD) }
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
