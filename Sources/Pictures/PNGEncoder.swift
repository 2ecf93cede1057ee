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
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        var scratch = [UInt8](repeating: 0, count: rowBytes * 5)
        raw.withUnsafeBufferPointer { raw in
            scratch.withUnsafeMutableBufferPointer { candidates in
                out.withUnsafeMutableBufferPointer { out in
                    for y in 0..<height {
                        let best = filterRow(raw, y: y, rowBytes: rowBytes, bpp: bpp, into: candidates)
                        let start = y * (rowBytes + 1)
                        out[start] = UInt8(best)
                        for x in 0..<rowBytes { out[start + 1 + x] = candidates[best * rowBytes + x] }
                    }
                }
            }
        }
        return out
    }

    /// Writes the five filtered versions of row `y` and returns the filter type to use.
    private static func filterRow(
        _ raw: UnsafeBufferPointer<UInt8>, y: Int, rowBytes: Int, bpp: Int,
        into candidates: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        let row = y * rowBytes
        var costs = (0, 0, 0, 0, 0)
        func cost(_ value: UInt8) -> Int { value < 128 ? Int(value) : 256 - Int(value) }
        for x in 0..<rowBytes {
            let current = raw[row + x]
            let left = x >= bpp ? raw[row + x - bpp] : 0
            let up = y > 0 ? raw[row - rowBytes + x] : 0
            let upLeft = y > 0 && x >= bpp ? raw[row - rowBytes + x - bpp] : 0
            let filtered = (
                current, current &- left, current &- up, current &- UInt8((Int(left) + Int(up)) / 2),
                current &- paeth(left, up, upLeft)
            )
            candidates[x] = filtered.0
            candidates[rowBytes + x] = filtered.1
            candidates[2 * rowBytes + x] = filtered.2
            candidates[3 * rowBytes + x] = filtered.3
            candidates[4 * rowBytes + x] = filtered.4
            costs.0 += cost(filtered.0)
            costs.1 += cost(filtered.1)
            costs.2 += cost(filtered.2)
            costs.3 += cost(filtered.3)
            costs.4 += cost(filtered.4)
        }
        let all = [costs.0, costs.1, costs.2, costs.3, costs.4]
        return all.indices.min { all[$0] < all[$1] } ?? 0
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let (pa, pb, pc) = (abs(p - Int(a)), abs(p - Int(b)), abs(p - Int(c)))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
