#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who this process is: its id and the user it runs as, for lock files and messages; its
/// environment; what runs when it exits.
package enum CurrentProcess {
    package static var id: Int32 { getpid() }

    /// The effective user id.
    package static var userID: UInt32 { UInt32(geteuid()) }

    /// The environment variable `name`, or nil when it is not set.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Runs `body` when the process exits normally (`exit`, or returning from `main`); `body`
    /// captures nothing (a C function pointer).
    package static func atExit(_ body: @escaping @convention(c) () -> Void) {
        atexit(body)
    }

    /// A user for messages: `nobody (uid 65534)`, or `uid 1234` when the id has no name.
    package static func describeUser(_ id: UInt32) -> String {
        guard let entry = getpwuid(uid_t(id)), let name = entry.pointee.pw_name else { return "uid \(id)" }
        return "\(String(cString: name)) (uid \(id))"
    }
}
