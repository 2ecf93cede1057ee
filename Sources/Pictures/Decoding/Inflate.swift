/// zlib/DEFLATE decompression (RFC 1950, RFC 1951): stored, fixed and dynamic Huffman blocks.
enum Inflate {
    /// The data of a zlib stream (two-byte header, deflate data, Adler-32), at most `limit` bytes.
    static func zlib(_ data: [UInt8], limit: Int) throws(ImageDecodingError) -> [UInt8] {
        guard data.count >= 2, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0, data[0] & 0x0F == 8 else {
            throw ImageDecodingError("the compressed data is not a zlib stream")
        }
        guard data[1] & 0x20 == 0 else {
            throw ImageDecodingError("a preset zlib dictionary is not supported")
        }
        return try inflate(data, from: 2, limit: limit)
    }

    static func inflate(_ data: [UInt8], from start: Int, limit: Int) throws(ImageDecodingError) -> [UInt8] {
        var reader = BitReader(data: data, position: start)
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, data.count * 4))
        var last = false
        while !last {
            last = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try stored(&reader, into: &out)
            case 1:
                try huffmanBlock(&reader, Self.fixed.literals, Self.fixed.distances, into: &out, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try huffmanBlock(&reader, literals, distances, into: &out, limit: limit)
            default: throw ImageDecodingError("the compressed data has an invalid block type")
            }
            guard out.count <= limit else { throw ImageDecodingError("the compressed data inflates too far") }
        }
        return out
    }

    private static func stored(_ reader: inout BitReader, into out: inout [UInt8]) throws(ImageDecodingError)
    {
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == ~complement & 0xFFFF else {
            throw ImageDecodingError("a stored block's length is damaged")
        }
        for _ in 0..<length { out.append(UInt8(try reader.bits(8))) }
    }

    private static func huffmanBlock(
        _ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman, into out: inout [UInt8],
        limit: Int
    ) throws(ImageDecodingError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let index = symbol - 257
            guard index < 29 else { throw ImageDecodingError("the compressed data has a bad length code") }
            let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
            let code = try distances.decode(&reader)
            guard code < 30 else { throw ImageDecodingError("the compressed data has a bad distance code") }
            let distance = distanceBase[code] + (try reader.bits(distanceExtra[code]))
            guard distance <= out.count else {
                throw ImageDecodingError("a match reaches before the data's start")
            }
            guard out.count + length <= limit else {
                throw ImageDecodingError("the compressed data inflates too far")
            }
            let from = out.count - distance
            for offset in 0..<length { out.append(out[from + offset]) }
        }
    }

    private static func dynamicTables(_ reader: inout BitReader) throws(ImageDecodingError) -> (
        Huffman, Huffman
    ) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthTable = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthTable.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else {
                    throw ImageDecodingError("a length repeat has nothing to repeat")
                }
                lengths += repeatElement(previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try reader.bits(3)))
            default: lengths += repeatElement(0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else {
            throw ImageDecodingError("the code lengths overrun their table")
        }
        return (
            try Huffman(lengths: Array(lengths[0..<literalCount])),
            try Huffman(lengths: Array(lengths[literalCount...]))
        )
    }

    private static let fixed: (literals: Huffman, distances: Huffman) = {
        var lengths = [Int](repeating: 8, count: 288)
        for index in 144..<256 { lengths[index] = 9 }
        for index in 256..<280 { lengths[index] = 7 }
        // Both tables are well-formed by construction.
        return (try! Huffman(lengths: lengths), try! Huffman(lengths: [Int](repeating: 5, count: 30)))
    }()

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
        195,
        227, 258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
        4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    /// A canonical Huffman code read bit by bit, LSB first (DEFLATE's order).
    struct Huffman {
        /// How many codes have each length (index 0 unused).
        private var counts = [Int](repeating: 0, count: 16)
        /// Symbols ordered by code.
        private var symbols: [Int] = []

        init(lengths: [Int]) throws(ImageDecodingError) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws(ImageDecodingError) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - first < count { return symbols[index + code - first] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw ImageDecodingError("the compressed data has an invalid Huffman code")
        }
    }

    struct BitReader {
        let data: [UInt8]
        var position: Int
        private var buffer = 0
        private var count = 0

        init(data: [UInt8], position: Int) {
            self.data = data
            self.position = position
        }

        mutating func bits(_ needed: Int) throws(ImageDecodingError) -> Int {
            while count < needed {
                guard position < data.count else {
                    throw ImageDecodingError("the compressed data ends early")
                }
                buffer |= Int(data[position]) << count
                position += 1
                count += 8
            }
            let value = buffer & ((1 << needed) - 1)
            buffer >>= needed
            count -= needed
            return value
        }

        mutating func alignToByte() {
            buffer = 0
            count = 0
        }
    }
}
