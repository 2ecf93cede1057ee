#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP client socket whose connect, sends and reads are all bounded by a timeout:
/// the one place the socket calls of clients (the test client, `RestDBClient` on Linux) live.
package final class TCPSocket {
    /// Why a socket call failed; `errno` values are the system's.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The host name did not resolve (`getaddrinfo`'s code).
        case resolve(host: String, code: Int32)
        case connect(errno: Int32)
        case send(errno: Int32)
        case receive(errno: Int32)
        /// Nothing arrived (or could be sent) within the timeout.
        case timedOut

        /// One sentence, with the system's text for the error.
        package var description: String {
            switch self {
            case .resolve(let host, let code):
                return "cannot resolve \(host): \(String(cString: gai_strerror(code)))"
            case .connect(let code): return "cannot connect: \(String(cString: strerror(code)))"
            case .send(let code): return "send failed: \(String(cString: strerror(code)))"
            case .receive(let code): return "receive failed: \(String(cString: strerror(code)))"
            case .timedOut: return "timed out"
            }
        }
    }

    /// The socket's file descriptor; -1 once closed.
    package private(set) var fd: Int32

    /// Connects to `host:port` (a name, or an IPv4 or IPv6 literal), trying each address the
    /// name resolves to; connecting, every send and every read wait at most `timeout`.
    package convenience init(host: String, port: Int, timeout: Duration) throws {
        self.init(descriptor: try Self.connect(host: host, port: port, timeout: timeout))
        setTimeout(timeout)
    }

    /// Wraps a connected descriptor (tests' listener accepts with it).
    package init(descriptor: Int32) {
        fd = descriptor
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close() }

    /// Changes how long a send or a read may block.
    package func setTimeout(_ timeout: Duration) {
        var value = Self.timeval(timeout)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
    }

    /// Sends every byte, without SIGPIPE if the peer has gone.
    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Self.sendNoSignal(fd, $0.baseAddress, $0.count) }
            if sent > 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure.timedOut
            } else if errno != EINTR {
                throw Failure.send(errno: errno)
            }
        }
    }

    /// Appends what one read returns to `buffer`; false at end of stream (the peer closed or
    /// reset the connection).
    package func receive(into buffer: inout [UInt8], chunk: Int = 65536) throws -> Bool {
        while true {
            // Into scratch space, then only what arrived is appended (one copy): growing the
            // buffer by `chunk` zeros and cutting the unused ones walked every byte of the chunk
            // on each call in a debug build.
            let (count, code) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { scratch in
                let count = recv(fd, scratch.baseAddress, chunk, 0)
                let code = errno
                if count > 0 { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count])) }
                return (count, code)
            }
            if count > 0 { return true }
            if count == 0 || code == ECONNRESET { return false }
            if code == EAGAIN || code == EWOULDBLOCK { throw Failure.timedOut }
            if code != EINTR { throw Failure.receive(errno: code) }
        }
    }

    /// Closes the socket; later calls do nothing.
    package func close() {
        guard fd >= 0 else { return }
        Self.closeDescriptor(fd)
        fd = -1
    }

    private static func connect(host: String, port: Int, timeout: Duration) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var info: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &info)
        guard code == 0, let first = info else { throw Failure.resolve(host: host, code: code) }
        defer { freeaddrinfo(first) }
        var lastError = Failure.connect(errno: ECONNREFUSED)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            do {
                return try connect(address.pointee, timeout: timeout)
            } catch let failure as Failure {
                lastError = failure
            }
            candidate = address.pointee.ai_next
        }
        throw lastError
    }

    /// Connects one resolved address: non-blocking connect, then `poll` for at most `timeout`.
    private static func connect(_ address: addrinfo, timeout: Duration) throws -> Int32 {
        let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard fd >= 0 else { throw Failure.connect(errno: errno) }
        // Not inherited by child processes: one that outlives this socket would hold the
        // connection open after `close`.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        do {
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            if systemConnect(fd, address.ai_addr, address.ai_addrlen) != 0 {
                guard errno == EINPROGRESS else { throw Failure.connect(errno: errno) }
                try awaitConnection(fd, timeout: timeout)
            }
            _ = fcntl(fd, F_SETFL, flags)
            return fd
        } catch {
            closeDescriptor(fd)
            throw error
        }
    }

    private static func awaitConnection(_ fd: Int32, timeout: Duration) throws {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Self.milliseconds(timeout)
        var ready: Int32
        repeat {
            ready = poll(&entry, 1, milliseconds)
        } while ready < 0 && errno == EINTR
        guard ready > 0 else { throw ready == 0 ? Failure.timedOut : Failure.connect(errno: errno) }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else { throw Failure.connect(errno: error) }
    }

    /// `timeout` in whole milliseconds, for `poll`.
    package static func milliseconds(_ timeout: Duration) -> Int32 {
        Int32(clamping: timeout.wholeMilliseconds)
    }

    private static func timeval(_ timeout: Duration) -> timeval {
        let (seconds, attoseconds) = timeout.components
        #if canImport(Glibc)
            return Glibc.timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        #else
            return Darwin.timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        #endif
    }

    private static func sendNoSignal(_ fd: Int32, _ base: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.send(fd, base, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(fd, base, count, 0)
        #endif
    }

    private static func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t)
        -> Int32
    {
        #if canImport(Glibc)
            Glibc.connect(fd, address, length)
        #else
            Darwin.connect(fd, address, length)
        #endif
    }

    package static func closeDescriptor(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }
}
