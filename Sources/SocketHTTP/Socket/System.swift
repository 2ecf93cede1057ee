#if canImport(Glibc)
    import Glibc
    import CEventLoop
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin, platform-neutral wrappers over the few system calls the server makes.
enum System {
    static var errno: Int32 {
        #if canImport(Glibc)
            Glibc.errno
        #else
            Darwin.errno
        #endif
    }

    #if canImport(Glibc)
        static let streamSocket = Int32(SOCK_STREAM.rawValue)
        static let tcpProtocol = Int32(IPPROTO_TCP)
    #else
        static let streamSocket = SOCK_STREAM
        static let tcpProtocol = IPPROTO_TCP
    #endif

    /// Milliseconds on the monotonic clock (deadlines, durations).
    static func monotonicMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Nanoseconds on the monotonic clock (access-log durations).
    static func monotonicNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    static func close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    static func shutdown(_ fd: Int32, readOnly: Bool = false) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(fd, Int32(readOnly ? SHUT_RD : SHUT_RDWR))
        #else
            _ = Darwin.shutdown(fd, readOnly ? SHUT_RD : SHUT_RDWR)
        #endif
    }

    static func shutdownWrite(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        #else
            _ = Darwin.shutdown(fd, SHUT_WR)
        #endif
    }

    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
                let count = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 || errno != EINTR { return count }
        }
    }

    /// Writes two buffers in one call (head and body); SIGPIPE is suppressed (MSG_NOSIGNAL on
    /// Linux, SO_NOSIGPIPE set at accept on Darwin).
    static func writeTwo(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
        -> Int
    {
        var vectors = [
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count),
        ]
        let vectorCount = second.isEmpty ? 1 : 2
        return vectors.withUnsafeMutableBufferPointer { vectors in
            while true {
                #if canImport(Glibc)
                    var message = msghdr()
                    message.msg_iov = vectors.baseAddress
                    message.msg_iovlen = vectorCount
                    let written = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                #else
                    let written = writev(fd, vectors.baseAddress, Int32(vectorCount))
                #endif
                if written >= 0 || errno != EINTR { return written }
            }
        }
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) -> Bool {
        var value = value
        return setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// A new file in `directory`, unlinked at once: it lives as long as its descriptor.
    static func makeAnonymousFile(in directory: String) throws(SocketError) -> Int32 {
        var template = Array((directory + "/.restlite-body-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw SocketError.last("mkstemp") }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return fd
    }

    /// Writes all of `bytes` at `offset`.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, offset: Int) throws(SocketError) {
        var done = 0
        while done < bytes.count {
            let written = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                throw SocketError.last("pwrite")
            }
            done += written
        }
    }

    /// `count` bytes from `offset`; fewer only when the file ends first.
    static func readAll(_ fd: Int32, offset: Int, count: Int) throws(SocketError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw SocketError.last("pread")
            }
            if result == 0 { break }
            done += result
        }
        return done == count ? bytes : Array(bytes[0..<done])
    }
}
