/// A zlib stream (RFC 1950) holding one fixed-Huffman deflate block (RFC 1951, §3.2.6): LZ77
/// matches found through a hash of three bytes with short chains. Flat placeholder pictures shrink
/// to a few hundred bytes; nothing here needs dynamic Huffman tables to be correct.
enum Deflate {
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out.append(contentsOf: deflate(data))
        let adler = Checksums.adler32(data)
        for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: adler >> UInt32(shift))) }
        return out
    }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter(capacity: data.count / 4 + 64)
        bits.write(1, 1)  // final block
        bits.write(1, 2)  // fixed Huffman codes
        var matcher = Matcher(count: data.count)
        data.withUnsafeBufferPointer { input in
            var position = 0
            while position < input.count {
                let (length, distance) = matcher.longestMatch(in: input, at: position)
                if length >= 3 {
                    writeMatch(length: length, distance: distance, into: &bits)
                    for offset in 0..<length { matcher.insert(input, at: position + offset) }
                    position += length
                } else {
                    writeSymbol(Int(input[position]), into: &bits)
                    matcher.insert(input, at: position)
                    position += 1
                }
            }
        }
        writeSymbol(256, into: &bits)
        return bits.finish()
    }

    private static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195, 227, 258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
        3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// The fixed literal/length code of every symbol 0...287, bit-reversed for LSB-first output.
    private static let fixedCodes: [(code: UInt32, length: Int)] = (0..<288).map { symbol in
        let (code, length): (Int, Int) =
            switch symbol {
            case 0..<144: (0x30 + symbol, 8)
            case 144..<256: (0x190 + symbol - 144, 9)
            case 256..<280: (symbol - 256, 7)
            default: (0xC0 + symbol - 280, 8)
            }
        return (reversed(UInt32(code), length), length)
    }

    private static func reversed(_ code: UInt32, _ length: Int) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<length where code & (1 << UInt32(bit)) != 0 { result |= 1 << UInt32(length - 1 - bit) }
        return result
    }

    private static func writeSymbol(_ symbol: Int, into bits: inout BitWriter) {
        let entry = fixedCodes[symbol]
        bits.write(entry.code, entry.length)
    }

    private static func writeMatch(length: Int, distance: Int, into bits: inout BitWriter) {
        var lengthIndex = lengthBases.count - 1
        while lengthBases[lengthIndex] > length { lengthIndex -= 1 }
        writeSymbol(257 + lengthIndex, into: &bits)
        bits.write(UInt32(length - lengthBases[lengthIndex]), lengthExtra[lengthIndex])
        var distanceIndex = distanceBases.count - 1
        while distanceBases[distanceIndex] > distance { distanceIndex -= 1 }
        bits.write(reversed(UInt32(distanceIndex), 5), 5)
        bits.write(UInt32(distance - distanceBases[distanceIndex]), distanceExtra[distanceIndex])
    }

    /// Hash chains over a 32 KiB window.
    private struct Matcher {
        static let window = 32768
        static let hashSize = 1 << 15
        static let chainLimit = 12
        var head = [Int32](repeating: -1, count: hashSize)
        var previous = [Int32](repeating: -1, count: window)

        init(count: Int) {}

        @inline(__always)
        static func hash(_ input: UnsafeBufferPointer<UInt8>, _ position: Int) -> Int {
            let value = Int(input[position]) << 16 | Int(input[position + 1]) << 8 | Int(input[position + 2])
            return (value &* 0x9E37_79B1) >> 17 & (hashSize - 1)
        }

        mutating func insert(_ input: UnsafeBufferPointer<UInt8>, at position: Int) {
            guard position + 2 < input.count else { return }
            let key = Self.hash(input, position)
            previous[position & (Self.window - 1)] = head[key]
            head[key] = Int32(position)
        }

        func longestMatch(in input: UnsafeBufferPointer<UInt8>, at position: Int) -> (Int, Int) {
            guard position + 2 < input.count else { return (0, 0) }
            let limit = min(258, input.count - position)
            var candidate = Int(head[Self.hash(input, position)])
            var best = (0, 0)
            var steps = 0
            while candidate >= 0, position - candidate <= Self.window - 1, steps < Self.chainLimit {
                var length = 0
                while length < limit, input[candidate + length] == input[position + length] { length += 1 }
                if length > best.0 {
                    best = (length, position - candidate)
                    if length == limit { break }
                }
                let next = Int(previous[candidate & (Self.window - 1)])
                if next >= candidate { break }
                candidate = next
                steps += 1
            }
            return best
        }
    }
}

/// Packs bits least-significant first, as deflate and GIF's LZW want.
struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    mutating func write(_ value: UInt32, _ length: Int) {
        guard length > 0 else { return }
        buffer |= UInt64(value & UInt32((1 << UInt64(length)) - 1)) << UInt64(count)
        count += length
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
        return bytes
    }
}
