import CEventLoop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Formatting of socket addresses for logs and `HTTPRequest.remoteAddress`.
enum SocketAddress {
    /// `a.b.c.d:port` or `[v6]:port`; empty if the family is neither.
    static func describe(_ storage: UnsafePointer<sockaddr_storage>) -> String {
        storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    return "\(ntop(AF_INET, &raw)):\(UInt16(bigEndian: v4.pointee.sin_port))"
                }
            case AF_INET6:
                return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    return "[\(ntop(AF_INET6, &raw))]:\(UInt16(bigEndian: v6.pointee.sin6_port))"
                }
            default:
                return ""
            }
        }
    }

    /// The port a bound socket listens on.
    static func port(of storage: UnsafePointer<sockaddr_storage>) -> Int {
        storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
            if Int32(address.pointee.sa_family) == AF_INET6 {
                return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }

    private static func ntop(_ family: Int32, _ raw: UnsafeRawPointer) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        guard inet_ntop(family, raw, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
