@testable import Pictures

/// Writes PNG files of any colour type and bit depth, progressive or Adam7-interlaced, from
/// samples given one by one, with this module's deflate and CRC. Pillow cannot write
/// interlaced PNGs or 16-bit colour ones; these fixtures stand in. Rows take the five filter
/// types in turn, so each is exercised at every depth.
struct PNGTestWriter {
    var width: Int
    var height: Int
    var colorType: Int
    var bitDepth: Int
    var interlaced = false
    var palette: [UInt8] = []
    var transparency: [UInt8] = []

    var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1 }

    /// The file whose sample `(x, y, channel)` is `sample(x, y, channel)` (below 2^bitDepth).
    func make(_ sample: (Int, Int, Int) -> Int) -> [UInt8] {
        let passes =
            interlaced
            ? [
                (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
                (0, 1, 1, 2),
            ]
            : [(0, 0, 1, 1)]
        var data: [UInt8] = []
        let distance = max(1, channels * bitDepth / 8)
        for (x0, y0, dx, dy) in passes {
            let passWidth = width > x0 ? (width - x0 + dx - 1) / dx : 0
            let passHeight = height > y0 ? (height - y0 + dy - 1) / dy : 0
            guard passWidth > 0, passHeight > 0 else { continue }
            var above = [UInt8](repeating: 0, count: (passWidth * channels * bitDepth + 7) / 8)
            for row in 0..<passHeight {
                var bits = BitPacker()
                for column in 0..<passWidth {
                    for channel in 0..<channels {
                        bits.append(sample(x0 + column * dx, y0 + row * dy, channel), bitDepth)
                    }
                }
                let line = bits.bytes
                let filter = (row + data.count) % 5
                data.append(UInt8(filter))
                for x in line.indices {
                    let a = x >= distance ? Int(line[x - distance]) : 0
                    let b = Int(above[x])
                    let c = x >= distance ? Int(above[x - distance]) : 0
                    let predictor = [0, a, b, (a + b) / 2, Self.paeth(a, b, c)][filter]
                    data.append(UInt8(truncatingIfNeeded: Int(line[x]) - predictor))
                }
                above = line
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = ByteWriter()
        header.u32BE(UInt32(width))
        header.u32BE(UInt32(height))
        header.append([UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
        Self.chunk("IHDR", header.bytes, into: &file)
        if !palette.isEmpty { Self.chunk("PLTE", palette, into: &file) }
        if !transparency.isEmpty { Self.chunk("tRNS", transparency, into: &file) }
        Self.chunk("IDAT", Deflate.zlib(data), into: &file)
        Self.chunk("IEND", [], into: &file)
        return file
    }

    private static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        var out = ByteWriter()
        out.u32BE(UInt32(data.count))
        out.ascii(type)
        out.append(data)
        out.u32BE(Checksums.crc32(data, start: Checksums.crc32(Array(type.utf8))))
        file += out.bytes
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        if abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c) { return a }
        return abs(p - b) <= abs(p - c) ? b : c
    }

    /// Values of 1 to 16 bits, most significant bit first; a row ends on a byte boundary.
    private struct BitPacker {
        var bytes: [UInt8] = []
        var used = 8

        mutating func append(_ value: Int, _ bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                if used == 8 {
                    bytes.append(0)
                    used = 0
                }
                bytes[bytes.count - 1] |= UInt8((value >> shift) & 1) << (7 - used)
                used += 1
            }
        }
    }
}
