#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open-file limit: each connection is a descriptor, so the soft limit is raised to the
/// hard one at start.
enum FileLimit {
    /// Raises the soft limit as far as allowed; returns (soft, hard) after the attempt.
    static func raise() -> (soft: Int, hard: Int) {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = Int32(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return (1024, 1024) }
        var wanted = limit
        #if canImport(Darwin)
            // macOS refuses RLIM_INFINITY for the soft limit; OPEN_MAX is the usable ceiling,
            // unless the user already set a higher soft limit (`ulimit -n 65536`).
            wanted.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, rlim_t(OPEN_MAX)))
        #else
            wanted.rlim_cur = limit.rlim_max
        #endif
        if setrlimit(resource, &wanted) == 0 { limit = wanted }
        return (clamp(limit.rlim_cur), clamp(limit.rlim_max))
    }

    /// Descriptor tables are sized from the limit; cap absurd (unlimited) values.
    private static func clamp(_ value: rlim_t) -> Int {
        Int(min(value, rlim_t(1 << 20)))
    }
}
