#if canImport(Glibc)
    import Glibc
    import CEventLoop
#elseif canImport(Darwin)
    import Darwin
#endif

/// One readiness event: which registration fired and how.
struct PollEvent {
    let token: UInt64
    let writable: Bool
}

/// A one-shot readiness queue shared by all worker threads (epoll with EPOLLONESHOT on Linux,
/// kqueue with EV_ONESHOT on Darwin).
///
/// One-shot is the ownership rule of the server: once an event for a descriptor is delivered
/// to one thread, no other thread can receive an event for it until that thread re-arms it.
/// The kernel call that re-arms (and the one that delivers) orders memory, so connection state
/// written before `rearm` is visible to the next thread that gets the event.
struct Poller: Sendable {
    /// Token of the wake-up registration: level-triggered, fires in every waiting thread.
    static let wakeToken: UInt64 = 1
    /// Token of the listening socket.
    static let listenerToken: UInt64 = 2

    let fd: Int32
    private let wakeFD: Int32

    init() throws(SocketError) {
        #if canImport(Glibc)
            fd = cel_epoll_create()
            guard fd >= 0 else { throw .last("epoll_create1") }
            wakeFD = cel_eventfd()
            guard wakeFD >= 0 else { throw .last("eventfd") }
            guard cel_epoll_ctl(fd, cel_EPOLL_CTL_ADD, wakeFD, cel_EPOLLIN, Self.wakeToken) == 0 else {
                throw .last("epoll_ctl")
            }
        #else
            fd = kqueue()
            guard fd >= 0 else { throw .last("kqueue") }
            wakeFD = -1
            var event = Self.change(1, filter: EVFILT_USER, flags: EV_ADD, token: Self.wakeToken)
            guard kevent(fd, &event, 1, nil, 0, nil) == 0 else { throw .last("kevent") }
        #endif
    }

    /// Registers `socket` for one event (readable, or writable when `writable`).
    func add(_ socket: Int32, token: UInt64, writable: Bool = false) throws(SocketError) {
        try control(socket, token: token, writable: writable, adding: true)
    }

    /// Re-arms a registration after its event was handled.
    func rearm(_ socket: Int32, token: UInt64, writable: Bool = false) throws(SocketError) {
        try control(socket, token: token, writable: writable, adding: false)
    }

    private func control(_ socket: Int32, token: UInt64, writable: Bool, adding: Bool) throws(SocketError) {
        #if canImport(Glibc)
            let interest = (writable ? cel_EPOLLOUT : cel_EPOLLIN) | cel_EPOLLONESHOT
            let operation = adding ? cel_EPOLL_CTL_ADD : cel_EPOLL_CTL_MOD
            guard cel_epoll_ctl(fd, operation, socket, interest, token) == 0 else { throw .last("epoll_ctl") }
        #else
            let filter = writable ? EVFILT_WRITE : EVFILT_READ
            var event = Self.change(UInt(socket), filter: filter, flags: EV_ADD | EV_ONESHOT, token: token)
            guard kevent(fd, &event, 1, nil, 0, nil) == 0 else { throw .last("kevent") }
        #endif
    }

    /// Blocks until one event is ready (EINTR retried). One event per call is what makes
    /// leader/follower fair: a thread never sits on events it cannot serve yet.
    func waitOne() -> PollEvent {
        while true {
            #if canImport(Glibc)
                var event = cel_event()
                if cel_epoll_wait(fd, &event, 1, -1) == 1 {
                    return PollEvent(token: event.data, writable: event.events & cel_EPOLLOUT != 0)
                }
            #else
                var event = kevent()
                if kevent(fd, nil, 0, &event, 1, nil) == 1 {
                    let token = UInt64(UInt(bitPattern: event.udata))
                    return PollEvent(token: token, writable: event.filter == Int16(EVFILT_WRITE))
                }
            #endif
        }
    }

    /// The next ready event, waiting at most `milliseconds`; nil when none came.
    func poll(milliseconds: Int) -> PollEvent? {
        #if canImport(Glibc)
            var event = cel_event()
            guard cel_epoll_wait(fd, &event, 1, Int32(milliseconds)) == 1 else { return nil }
            return PollEvent(token: event.data, writable: event.events & cel_EPOLLOUT != 0)
        #else
            var event = kevent()
            var timeout = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
            guard kevent(fd, nil, 0, &event, 1, &timeout) == 1 else { return nil }
            return PollEvent(
                token: UInt64(UInt(bitPattern: event.udata)), writable: event.filter == Int16(EVFILT_WRITE))
        #endif
    }

    /// Wakes every waiting thread, now and on every later wait (used to stop the workers).
    func wakeAll() {
        #if canImport(Glibc)
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        #else
            var event = Self.change(1, filter: EVFILT_USER, flags: 0, token: Self.wakeToken)
            event.fflags = UInt32(NOTE_TRIGGER)
            _ = kevent(fd, &event, 1, nil, 0, nil)
        #endif
    }

    func close() {
        System.close(fd)
        if wakeFD >= 0 { System.close(wakeFD) }
    }

    #if canImport(Darwin)
        private static func change(_ ident: UInt, filter: Int32, flags: Int32, token: UInt64) -> kevent {
            kevent(
                ident: ident, filter: Int16(filter), flags: UInt16(flags), fflags: 0, data: 0,
                udata: UnsafeMutableRawPointer(bitPattern: UInt(token)))
        }
    #endif
}
