#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wall clock and blocking pauses of the calling thread (for threads of restlite's own, never
/// for Swift's cooperative pool).
package enum SystemClock {
    /// The current time in milliseconds since the epoch (`CLOCK_REALTIME`).
    package static func millisecondsSinceEpoch() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Blocks the calling thread for `duration` (nothing for zero or less); a signal does not
    /// cut the pause short.
    package static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds > 0 || (seconds == 0 && attoseconds > 0) else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// Blocks the calling thread for `milliseconds`.
    package static func sleep(milliseconds: Int) {
        sleep(.milliseconds(milliseconds))
    }
}
