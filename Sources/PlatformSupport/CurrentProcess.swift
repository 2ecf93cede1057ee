#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Who this process is: its id and the user it runs as, for lock files and messages.
package enum CurrentProcess {
    package static var id: Int32 { getpid() }

    /// The effective user id.
    package static var userID: UInt32 { UInt32(geteuid()) }

    /// A user for messages: `nobody (uid 65534)`, or `uid 1234` when the id has no name.
    package static func describeUser(_ id: UInt32) -> String {
        guard let entry = getpwuid(uid_t(id)), let name = entry.pointee.pw_name else { return "uid \(id)" }
        return "\(String(cString: name)) (uid \(id))"
    }
}
