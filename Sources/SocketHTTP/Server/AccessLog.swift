#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line per request on stderr: id, method, path with query names only (values may hold
/// keys or personal data), status, body bytes, duration.
enum AccessLog {
    static func record(_ request: HTTPRequest, status: HTTPStatus, bytes: Int, started: UInt64) {
        let micros = (System.monotonicNanoseconds() - started) / 1000
        let millis = "\(micros / 1000).\(pad3(micros % 1000))"
        write(
            "\(request.requestID) \(request.method) \(loggedPath(request)) \(status.code) \(bytes)B \(millis)ms"
        )
    }

    static func loggedPath(_ request: HTTPRequest) -> String {
        guard !request.queryItems.isEmpty else { return request.rawPath }
        return request.rawPath + "?" + request.queryItems.map(\.name).joined(separator: "&")
    }

    /// One `write(2)` per line so lines from different threads never interleave.
    static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        _ = bytes.withUnsafeBytes { fputsLine($0) }
    }

    private static func fputsLine(_ bytes: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
            Glibc.write(2, bytes.baseAddress, bytes.count)
        #else
            Darwin.write(2, bytes.baseAddress, bytes.count)
        #endif
    }

    private static func pad3(_ value: UInt64) -> String {
        value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
    }
}
