/// GIF (87a/89a): the first frame, on a white canvas of the logical screen's size;
/// the transparent colour stays white. Interlaced frames are put back in row order.
enum GIFDecoder {
    static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> RasterImage {
        var reader = ByteReader(bytes: bytes, position: 6)
        let width = try reader.uint16()
        let height = try reader.uint16()
        try ImageDecoder.checkSize(width, height)
        let flags = try reader.byte()
        reader.position += 2  // background colour index, aspect ratio
        var globalTable: [UInt8] = []
        if flags & 0x80 != 0 { globalTable = try reader.take(3 << (Int(flags & 7) + 1)) }
        var transparent: Int?
        while true {
            switch try reader.byte() {
            case 0x21:
                let label = try reader.byte()
                let blocks = try reader.subBlocks()
                if label == 0xF9, blocks.count >= 4, blocks[0] & 1 != 0 { transparent = Int(blocks[3]) }
            case 0x2C:
                return try frame(
                    &reader, canvas: (width, height), globalTable: globalTable, transparent: transparent)
            default:
                throw ImageDecodingError("the GIF file has no image before its end")
            }
        }
    }

    private static func frame(
        _ reader: inout ByteReader, canvas: (Int, Int), globalTable: [UInt8], transparent: Int?
    ) throws(ImageDecodingError) -> RasterImage {
        let left = try reader.uint16()
        let top = try reader.uint16()
        let width = try reader.uint16()
        let height = try reader.uint16()
        try ImageDecoder.checkSize(width, height)
        let flags = try reader.byte()
        var table = globalTable
        if flags & 0x80 != 0 { table = try reader.take(3 << (Int(flags & 7) + 1)) }
        let minimumCodeSize = Int(try reader.byte())
        guard (2...11).contains(minimumCodeSize) else {
            throw ImageDecodingError("the GIF's LZW code size is invalid")
        }
        let indices = try lzw(try reader.subBlocks(), minimumCodeSize: minimumCodeSize, count: width * height)
        let rows = flags & 0x40 != 0 ? interlacedRows(height) : Array(0..<height)
        var image = RasterImage(width: canvas.0, height: canvas.1, fill: .white)
        for (sourceRow, y) in rows.enumerated() where y + top < canvas.1 {
            for x in 0..<width where x + left < canvas.0 {
                let index = Int(indices[sourceRow * width + x])
                guard index != transparent, index * 3 + 2 < table.count else { continue }
                image[x + left, y + top] = RGB(table[index * 3], table[index * 3 + 1], table[index * 3 + 2])
            }
        }
        return image
    }

    /// Row order of an interlaced frame: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    private static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
            Array(stride(from: start, to: height, by: step))
        }
    }

    /// Variable-width LZW, as GIF packs it (LSB first); missing pixels stay 0.
    static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws(ImageDecodingError) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var prefixes = [Int](repeating: -1, count: 4096)
        var suffixes = [UInt8](repeating: 0, count: 4096)
        var firsts = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear {
            suffixes[code] = UInt8(truncatingIfNeeded: code)
            firsts[code] = UInt8(truncatingIfNeeded: code)
        }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var codeSize = minimumCodeSize + 1
        var next = end + 1
        var previous = -1
        var buffer = 0
        var bits = 0
        var position = 0
        var stack: [UInt8] = []
        while out.count < count {
            while bits < codeSize, position < data.count {
                buffer |= Int(data[position]) << bits
                position += 1
                bits += 8
            }
            guard bits >= codeSize else { break }
            let code = buffer & ((1 << codeSize) - 1)
            buffer >>= codeSize
            bits -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = end + 1
                previous = -1
                continue
            }
            if code == end { break }
            guard previous >= 0 || code < clear else {
                throw ImageDecodingError("the GIF's LZW data is damaged")
            }
            var current = code
            stack.removeAll(keepingCapacity: true)
            if code >= next {
                guard code == next, previous >= 0 else {
                    throw ImageDecodingError("the GIF's LZW data is damaged")
                }
                stack.append(firsts[previous])
                current = previous
            }
            while current >= clear {
                stack.append(suffixes[current])
                current = prefixes[current]
            }
            stack.append(suffixes[current])
            out.append(contentsOf: stack.reversed())
            if previous >= 0, next < 4096 {
                prefixes[next] = previous
                suffixes[next] = suffixes[current]
                firsts[next] = firsts[previous]
                next += 1
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        if out.count > count { out.removeLast(out.count - count) }
        if out.count < count { out += repeatElement(0, count: count - out.count) }
        return out
    }
}

/// Little-endian reading with bounds checks, for GIF.
struct ByteReader {
    let bytes: [UInt8]
    var position: Int

    mutating func byte() throws(ImageDecodingError) -> UInt8 {
        guard position < bytes.count else { throw ImageDecodingError("the file ends early") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint16() throws(ImageDecodingError) -> Int {
        Int(try byte()) | Int(try byte()) << 8
    }

    mutating func take(_ count: Int) throws(ImageDecodingError) -> [UInt8] {
        guard count <= bytes.count - position else { throw ImageDecodingError("the file ends early") }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    /// GIF's data sub-blocks (a length byte, then that many bytes) up to the empty one, joined.
    mutating func subBlocks() throws(ImageDecodingError) -> [UInt8] {
        var data: [UInt8] = []
        while true {
            let length = Int(try byte())
            if length == 0 { return data }
            data += try take(length)
        }
    }
}
