#if canImport(Glibc)
    import Glibc
    import CEventLoop
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bound, listening, non-blocking TCP socket.
struct ListeningSocket: Sendable {
    let fd: Int32
    /// The port actually bound (the free port chosen when 0 was asked for).
    let port: Int

    /// Binds `host` (numeric IPv4/IPv6 or a name) and `port`, then listens.
    static func bind(host: String, port: Int, backlog: Int32) throws(SocketError) -> ListeningSocket {
        let info = try resolve(host: host, port: port)
        defer { freeaddrinfo(info) }
        let entry = info.pointee
        let fd = socket(entry.ai_family, System.streamSocket, 0)
        guard fd >= 0 else { throw .last("socket") }
        do {
            try configure(fd, address: entry.ai_addr, length: entry.ai_addrlen, backlog: backlog)
            return ListeningSocket(fd: fd, port: try boundPort(fd))
        } catch {
            System.close(fd)
            throw error
        }
    }

    private static func configure(
        _ fd: Int32, address: UnsafeMutablePointer<sockaddr>, length: socklen_t, backlog: Int32
    ) throws(SocketError) {
        // Restarts must not wait for TIME_WAIT sockets of the previous run.
        _ = System.setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
        System.setNonBlocking(fd)
        guard systemBind(fd, address, length) == 0 else { throw .last("bind") }
        guard listen(fd, backlog) == 0 else { throw .last("listen") }
    }

    private static func resolve(host: String, port: Int) throws(SocketError) -> UnsafeMutablePointer<addrinfo>
    {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = System.streamSocket
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &result)
        guard status == 0, let result else {
            let detail = "cannot resolve \(host): " + String(cString: gai_strerror(status))
            throw SocketError(call: "getaddrinfo", errno: EINVAL, detail: detail)
        }
        return result
    }

    private static func boundPort(_ fd: Int32) throws(SocketError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { throw .last("getsockname") }
        return SocketAddress.port(of: &storage)
    }
}

/// `bind` is shadowed inside the type by the static method of the same name.
private func systemBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(fd, address, length)
}
