import RestDBClient

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads one HTTP/1.1 response from a byte stream: status line, headers, then a body framed by
/// `Content-Length`, by chunked transfer coding, or by the end of the stream.
struct HTTPResponseReader {
    /// Appends the next bytes to its argument; false at the end of the stream.
    private let receive: (inout [UInt8]) throws -> Bool
    private var buffer: [UInt8] = []
    private var start = 0

    /// A head longer than this is not an HTTP server talking.
    static let maximumHeadBytes = 64 * 1024

    init(receive: @escaping (inout [UInt8]) throws -> Bool) {
        self.receive = receive
    }

    /// The final (non-1xx) response to a `method` request to `server`.
    mutating func readResponse(method: String, server: String) throws -> TransportResponse {
        while true {
            let (status, headers) = try readHead(server: server)
            if (100..<200).contains(status) { continue }
            let body: [UInt8]
            if method == "HEAD" || status == 204 || status == 304 {
                body = []
            } else if Self.value(of: "Transfer-Encoding", in: headers)?.lowercased().contains("chunked")
                == true
            {
                body = try readChunked(server: server)
            } else if let lengthText = Self.value(of: "Content-Length", in: headers) {
                guard let length = Int(lengthText), length >= 0 else {
                    throw SocketTransport.Failure.malformedResponse("Content-Length \(lengthText)")
                }
                body = try readExactly(length, server: server)
            } else {
                body = try readToEnd()
            }
            return TransportResponse(status: status, headers: headers, body: Data(body))
        }
    }

    private mutating func readHead(server: String) throws -> (Int, [(name: String, value: String)]) {
        let statusLine = try readLine(server: server)
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw SocketTransport.Failure.malformedResponse("status line '\(statusLine.prefix(100))'")
        }
        var headers: [(name: String, value: String)] = []
        while true {
            let line = try readLine(server: server)
            if line.isEmpty { return (status, headers) }
            guard let colon = line.firstIndex(of: ":") else {
                throw SocketTransport.Failure.malformedResponse("header line '\(line.prefix(100))'")
            }
            headers.append((String(line[..<colon]), Self.trimmed(line[line.index(after: colon)...])))
        }
    }

    /// A chunked body: hex sizes (extensions ignored), data, and a trailer section.
    private mutating func readChunked(server: String) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine(server: server)
            let sizeText = Self.trimmed(sizeLine.split(separator: ";", maxSplits: 1).first ?? "")
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                throw SocketTransport.Failure.malformedResponse("chunk size '\(sizeLine.prefix(100))'")
            }
            if size == 0 {
                while try !readLine(server: server).isEmpty {}
                return body
            }
            body += try readExactly(size, server: server)
            guard try readLine(server: server).isEmpty else {
                throw SocketTransport.Failure.malformedResponse("chunk data longer than its size")
            }
        }
    }

    /// One line without its CRLF (a bare LF also ends a line).
    private mutating func readLine(server: String) throws -> String {
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 10) {
                var end = newline
                if end > start, buffer[end - 1] == 13 { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                consume(upTo: newline + 1)
                return line
            }
            guard buffer.count - start <= Self.maximumHeadBytes else {
                throw SocketTransport.Failure.malformedResponse(
                    "a line longer than \(Self.maximumHeadBytes) bytes")
            }
            scanned = buffer.count
            guard try receive(&buffer) else { throw SocketTransport.Failure.closedEarly(server: server) }
        }
    }

    private mutating func readExactly(_ count: Int, server: String) throws -> [UInt8] {
        while buffer.count - start < count {
            guard try receive(&buffer) else { throw SocketTransport.Failure.closedEarly(server: server) }
        }
        let bytes = Array(buffer[start..<(start + count)])
        consume(upTo: start + count)
        return bytes
    }

    private mutating func readToEnd() throws -> [UInt8] {
        while try receive(&buffer) {}
        let bytes = Array(buffer[start...])
        consume(upTo: buffer.count)
        return bytes
    }

    /// Drops consumed bytes once they outweigh the rest, so long bodies are not copied often.
    private mutating func consume(upTo index: Int) {
        start = index
        if start > 4096, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    static func value(of name: String, in headers: [(name: String, value: String)]) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = text.lastIndex(where: { !isBlank($0) })!
        return String(text[first...last])
    }
}
