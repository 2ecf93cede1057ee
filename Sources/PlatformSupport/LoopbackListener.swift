#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking listening TCP socket on a loopback address (`127.0.0.1` or `::1`), for test servers
/// that write exact bytes; the HTTP server has its own non-blocking listener. Failures are
/// `TCPSocket.Failure.connect` with the system's errno.
package final class LoopbackListener {
    package enum Family: Sendable {
        case ipv4
        case ipv6
    }

    /// The bound port (the system's choice when 0 was asked for).
    package let port: Int
    private var fd: Int32

    /// Listens on the loopback address of `family`, port `port` (0: any free port).
    package init(port: Int = 0, family: Family = .ipv4, backlog: Int32 = 16) throws(TCPSocket.Failure) {
        let fd = socket(family == .ipv4 ? AF_INET : AF_INET6, Self.streamType, 0)
        guard fd >= 0 else { throw .connect(errno: errno) }
        let bound: Int?
        switch family {
        case .ipv4: bound = Self.bindIPv4(fd, port: port, backlog: backlog)
        case .ipv6: bound = Self.bindIPv6(fd, port: port, backlog: backlog)
        }
        guard let bound else {
            let code = errno
            TCPSocket.closeDescriptor(fd)
            throw .connect(errno: code)
        }
        self.fd = fd
        self.port = bound
    }

    deinit { close() }

    /// The next connection, whose sends and reads wait at most `timeout`; throws
    /// `TCPSocket.Failure.timedOut` if none arrives in that time.
    package func accept(timeout: Duration) throws(TCPSocket.Failure) -> TCPSocket {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, TCPSocket.milliseconds(timeout)) > 0 else { throw .timedOut }
        let connection = Self.systemAccept(fd)
        guard connection >= 0 else { throw .connect(errno: errno) }
        let socket = TCPSocket(descriptor: connection)
        socket.setTimeout(timeout)
        return socket
    }

    /// Stops listening, waking a thread blocked in `accept(timeout:)` (a bare `close` would
    /// leave the socket listening until that thread's `poll` returns); later calls do nothing.
    package func close() {
        guard fd >= 0 else { return }
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_RDWR))
        #else
            _ = shutdown(fd, SHUT_RDWR)
        #endif
        TCPSocket.closeDescriptor(fd)
        fd = -1
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Binds 127.0.0.1:`port` and listens; the bound port, or nil (errno set).
    private static func bindIPv4(_ fd: Int32, port: Int, backlog: Int32) -> Int? {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        guard listen(fd, &address, backlog: backlog) else { return nil }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Binds [::1]:`port` and listens; the bound port, or nil (errno set).
    private static func bindIPv6(_ fd: Int32, port: Int, backlog: Int32) -> Int? {
        var address = sockaddr_in6()
        #if canImport(Darwin)
            address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
        #endif
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        address.sin6_addr = in6addr_loopback
        guard listen(fd, &address, backlog: backlog) else { return nil }
        return Int(UInt16(bigEndian: address.sin6_port))
    }

    /// `bind`, `listen`, then `getsockname` into `address` (the port the system chose).
    private static func listen<Address>(_ fd: Int32, _ address: inout Address, backlog: Int32) -> Bool {
        var length = socklen_t(MemoryLayout<Address>.size)
        return withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && systemListen(fd, backlog) == 0
                    && getsockname(fd, address, &length) == 0
            }
        }
    }

    private static func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.listen(fd, backlog)
        #else
            Darwin.listen(fd, backlog)
        #endif
    }

    private static func systemAccept(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.accept(fd, nil, nil)
        #else
            Darwin.accept(fd, nil, nil)
        #endif
    }
}
