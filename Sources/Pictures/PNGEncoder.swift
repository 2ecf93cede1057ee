/// Writes an 8-bit PNG: greyscale (colour type 0) when every pixel is grey, RGB (type 2)
/// otherwise. Each row takes the filter with the smallest sum of absolute differences, the
/// usual heuristic, before the rows are deflated.
enum PNGEncoder {
    static func encode(_ image: RasterImage) -> [UInt8] {
        let grey = image.isGreyscale
        let channels = grey ? 1 : 3
        let raw =
            grey ? stride(from: 0, to: image.pixels.count, by: 3).map { image.pixels[$0] } : image.pixels
        let filtered = filterRows(raw, rowBytes: image.width * channels, height: image.height, bpp: channels)
        var out = ByteWriter(capacity: filtered.count / 4 + 64)
        out.append([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = ByteWriter()
        header.u32BE(UInt32(image.width))
        header.u32BE(UInt32(image.height))
        header.append([8, grey ? 0 : 2, 0, 0, 0])
        chunk("IHDR", header.bytes, into: &out)
        chunk("IDAT", Deflate.zlib(filtered), into: &out)
        chunk("IEND", [], into: &out)
        return out.bytes
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout ByteWriter) {
        out.u32BE(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        out.append(typeBytes)
        out.append(data)
        out.u32BE(Checksums.crc32(data, start: Checksums.crc32(typeBytes)))
    }

    private static func filterRows(_ raw: [UInt8], rowBytes: Int, height: Int, bpp: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity((rowBytes + 1) * height)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
        raw.withUnsafeBufferPointer { raw in
            for y in 0..<height {
                let row = y * rowBytes
                for x in 0..<rowBytes {
                    let current = raw[row + x]
                    let left = x >= bpp ? raw[row + x - bpp] : 0
                    let up = y > 0 ? raw[row - rowBytes + x] : 0
                    let upLeft = y > 0 && x >= bpp ? raw[row - rowBytes + x - bpp] : 0
                    candidates[0][x] = current
                    candidates[1][x] = current &- left
                    candidates[2][x] = current &- up
                    candidates[3][x] = current &- UInt8((Int(left) + Int(up)) / 2)
                    candidates[4][x] = current &- paeth(left, up, upLeft)
                }
                let costs = candidates.map(cost)
                let best = costs.indices.min { costs[$0] < costs[$1] } ?? 0
                out.append(UInt8(best))
                out.append(contentsOf: candidates[best])
            }
        }
        return out
    }

    private static func cost(_ row: [UInt8]) -> Int {
        row.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) }
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
