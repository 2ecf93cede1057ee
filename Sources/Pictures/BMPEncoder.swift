/// Writes an uncompressed 24-bit Windows bitmap (BITMAPINFOHEADER, bottom-up rows, BGR order,
/// rows padded to four bytes).
enum BMPEncoder {
    static func encode(_ image: RasterImage) -> [UInt8] {
        let rowBytes = (image.width * 3 + 3) & ~3
        let dataSize = rowBytes * image.height
        var out = ByteWriter(capacity: 54 + dataSize)
        out.ascii("BM")
        out.u32LE(54 + dataSize)
        out.u32LE(0)
        out.u32LE(54)
        out.u32LE(40)
        out.u32LE(image.width)
        out.u32LE(image.height)
        out.u16LE(1)
        out.u16LE(24)
        out.u32LE(0)
        out.u32LE(dataSize)
        out.u32LE(2835)  // 72 dpi in pixels per metre
        out.u32LE(2835)
        out.u32LE(0)
        out.u32LE(0)
        let padding = [UInt8](repeating: 0, count: rowBytes - image.width * 3)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: image.height - 1, through: 0, by: -1) {
                var index = y * image.width * 3
                for _ in 0..<image.width {
                    out.bytes.append(pixels[index + 2])
                    out.bytes.append(pixels[index + 1])
                    out.bytes.append(pixels[index])
                    index += 3
                }
                out.bytes.append(contentsOf: padding)
            }
        }
        return out.bytes
    }
}
