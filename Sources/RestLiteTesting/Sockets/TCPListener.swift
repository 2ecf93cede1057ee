import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking listening socket on 127.0.0.1, for test servers that must write exact bytes
/// (the HTTP server itself uses its own non-blocking event loop).
public final class TCPListener {
    /// The bound port (the system's choice when 0 was asked for).
    public let port: Int
    private var fd: Int32

    /// Listens on 127.0.0.1:`port` (0: any free port).
    public init(port: Int = 0) throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TCPSocket.Failure.connect(errno: errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && listen(fd, 16) == 0
                    && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            TCPSocket.closeDescriptor(fd)
            throw TCPSocket.Failure.connect(errno: code)
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close() }

    /// The next connection, whose sends and reads wait at most `timeout`; throws
    /// ``TCPSocket/Failure/timedOut`` if none arrives in that time.
    func accept(timeout: Duration) throws -> TCPSocket {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, TCPSocket.milliseconds(timeout)) > 0 else { throw TCPSocket.Failure.timedOut }
        #if canImport(Glibc)
            let connection = Glibc.accept(fd, nil, nil)
        #else
            let connection = Darwin.accept(fd, nil, nil)
        #endif
        guard connection >= 0 else { throw TCPSocket.Failure.connect(errno: errno) }
        let socket = TCPSocket(descriptor: connection)
        socket.setTimeout(timeout)
        return socket
    }

    /// Stops listening, waking a thread blocked in ``accept(timeout:)`` (a bare `close` would
    /// leave the socket listening until that thread's `poll` returns); later calls do nothing.
    public func close() {
        guard fd >= 0 else { return }
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_RDWR))
        #else
            _ = shutdown(fd, SHUT_RDWR)
        #endif
        TCPSocket.closeDescriptor(fd)
        fd = -1
    }
}
