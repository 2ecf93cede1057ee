import PlatformSupport

/// Whether this machine can listen on the IPv6 loopback `::1` (containers often cannot), for
/// tests that need it: `@Test(.enabled(if: IPv6Loopback.isAvailable))`.
public enum IPv6Loopback {
    /// True when a TCP socket binds to `[::1]:0` and listens (closed again at once).
    public static let isAvailable: Bool = (try? LoopbackListener(family: .ipv6)) != nil
}
