extension HTTPRequestParser {
    /// One step of the chunked body (RFC 9112 §7.1); false when more bytes are needed.
    mutating func advanceChunked() throws(HTTPParseError) -> Bool {
        switch state {
        case .chunkSize:
            let tooLong = HTTPParseError.bad("chunk size line too long")
            guard let line = try takeLine(limit: 1024, tooLong: tooLong) else { return false }
            let size = try Self.chunkSize(buffer[line])
            if size == 0 {
                state = .trailers
            } else if drainedBodyBytes + body.count + size > maxBodyBytes {
                throw HTTPParseError(.payloadTooLarge, "body larger than \(maxBodyBytes) bytes")
            } else {
                state = .chunkData(remaining: size)
            }
        case .chunkData(let remaining):
            let taken = takeBody(upTo: remaining)
            guard taken == remaining else {
                state = .chunkData(remaining: remaining - taken)
                return false
            }
            state = .chunkEnd
        case .chunkEnd:
            guard buffer.count - start >= 2 else { return false }
            guard buffer[start] == Self.cr && buffer[start + 1] == Self.lf else {
                throw .bad("chunk data not followed by CRLF")
            }
            start += 2
            scanned = 0
            state = .chunkSize
        default:
            break
        }
        return true
    }

    /// `1*HEXDIG [BWS ; ext]`; at most 15 hex digits so the size cannot overflow.
    static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let value = PercentDecoding.hexValue(line[index]) {
            size = size << 4 | Int(value)
            digits += 1
            index += 1
        }
        guard digits > 0, digits <= 15 else { throw .bad("malformed chunk size") }
        let rest = line[index...].drop { $0 == space || $0 == tab }
        guard rest.isEmpty || rest.first == UInt8(ascii: ";") else { throw .bad("malformed chunk size") }
        return size
    }
}
