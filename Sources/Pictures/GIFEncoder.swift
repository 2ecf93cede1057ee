/// Writes a GIF89a with one global colour table (at most 256 colours, see `PaletteQuantizer`)
/// and one LZW-compressed image.
enum GIFEncoder {
    static func encode(_ image: RasterImage) -> [UInt8] {
        let quantizer = PaletteQuantizer(image)
        var tableBits = 1
        while (1 << tableBits) < quantizer.palette.count { tableBits += 1 }
        var out = ByteWriter(capacity: image.width * image.height / 2 + 800)
        out.ascii("GIF89a")
        out.u16LE(image.width)
        out.u16LE(image.height)
        out.u8(0x80 | 0x70 | UInt8(tableBits - 1))  // global table, 8-bit colour resolution
        out.u8(0)
        out.u8(0)
        for index in 0..<(1 << tableBits) {
            let color = index < quantizer.palette.count ? quantizer.palette[index] : .black
            out.append([color.r, color.g, color.b])
        }
        out.u8(0x2C)
        out.u16LE(0)
        out.u16LE(0)
        out.u16LE(image.width)
        out.u16LE(image.height)
        out.u8(0)
        let minimumCodeSize = max(2, tableBits)
        out.u8(UInt8(minimumCodeSize))
        let data = lzw(quantizer.indices, minimumCodeSize: minimumCodeSize)
        var offset = 0
        while offset < data.count {
            let size = min(255, data.count - offset)
            out.u8(UInt8(size))
            out.append(Array(data[offset..<offset + size]))
            offset += size
        }
        out.u8(0)
        out.u8(0x3B)
        return out.bytes
    }

    /// Variable-width LZW as GIF uses it: codes grow from `minimumCodeSize + 1` bits up to 12,
    /// and a clear code restarts the table when it is full. The table is an open-addressing hash
    /// of (prefix code, next index) pairs.
    static func lzw(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var bits = BitWriter(capacity: indices.count / 2 + 16)
        var keys = [Int32](repeating: -1, count: 8192)
        var values = [Int16](repeating: 0, count: 8192)
        var nextCode = end + 1
        var codeSize = minimumCodeSize + 1
        bits.write(UInt32(clear), codeSize)
        guard var prefix = indices.first.map(Int.init) else {
            bits.write(UInt32(end), codeSize)
            return bits.finish()
        }
        for index in indices.dropFirst() {
            let key = Int32(prefix << 8 | Int(index))
            var slot = Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19)
            while keys[slot] != -1 && keys[slot] != key { slot = (slot + 1) & 8191 }
            if keys[slot] == key {
                prefix = Int(values[slot])
                continue
            }
            bits.write(UInt32(prefix), codeSize)
            if nextCode < 4096 {
                keys[slot] = key
                values[slot] = Int16(nextCode)
                if nextCode == 1 << codeSize { codeSize += 1 }
                nextCode += 1
            } else {
                bits.write(UInt32(clear), codeSize)
                for slot in keys.indices { keys[slot] = -1 }
                nextCode = end + 1
                codeSize = minimumCodeSize + 1
            }
            prefix = Int(index)
        }
        bits.write(UInt32(prefix), codeSize)
        bits.write(UInt32(end), codeSize)
        return bits.finish()
    }
}
