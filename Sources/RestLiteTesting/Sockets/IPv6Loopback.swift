#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this machine can listen on the IPv6 loopback `::1` (containers often cannot), for
/// tests that need it: `@Test(.enabled(if: IPv6Loopback.isAvailable))`.
public enum IPv6Loopback {
    /// True when a TCP socket binds to `[::1]:0`.
    public static let isAvailable: Bool = {
        #if canImport(Glibc)
            let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET6, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        var address = sockaddr_in6()
        #if canImport(Darwin)
            address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = 0
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }()
}
