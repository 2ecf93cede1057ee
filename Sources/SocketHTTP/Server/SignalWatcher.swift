import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns signals into calls on a thread of its own, through a self-pipe: the C handler only
/// writes the signal's number to a pipe (`write` is async-signal-safe), and one watcher thread
/// reads it and runs the registered actions, which may take locks and join threads.
///
/// The handler is in place when `watch` returns, so from then on a signal can neither kill
/// the process by its default action nor be lost (a dispatch source installs its handler
/// later, on its own queue, which left a window after start-up).
enum SignalWatcher {
    /// The pipe's write end, read by the C handler (which can capture nothing). Set once,
    /// before any handler is installed.
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private static let actions = PosixCondition()
    nonisolated(unsafe) private static var registered: [@Sendable (Int32) -> Void] = []

    /// The pipe and its watcher thread, made on first use.
    private static let readEnd: Int32 = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { fatalError("pipe() failed (errno \(errno)) for the signal watcher") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        writeEnd = ends[1]
        let readEnd = ends[0]
        PosixThread.spawn(name: "restlite-signals") { watchLoop(readEnd) }
        return readEnd
    }()

    /// Calls `action` with the signal's number whenever one of `signals` arrives.
    static func watch(_ signals: [Int32], action: @escaping @Sendable (Int32) -> Void) {
        _ = readEnd
        actions.lock()
        registered.append(action)
        actions.unlock()
        for number in signals {
            signal(number) { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalWatcher.writeEnd, &byte, 1)
                errno = saved
            }
        }
    }

    private static func watchLoop(_ readEnd: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(readEnd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return }
            actions.lock()
            let current = registered
            actions.unlock()
            for action in current { action(Int32(byte)) }
        }
    }
}
