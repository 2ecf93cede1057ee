/// Writes a baseline JFIF JPEG: YCbCr with 4:2:0 chroma subsampling (one 8-bit component when
/// every pixel is grey), quantised with the standard tables scaled by quality, coded with the
/// standard Huffman tables. Blocks are read straight from the pixels with edges repeated, so
/// no padded copy of the picture is made.
struct JPEGEncoder {
    private let image: RasterImage
    private let grey: Bool
    private let quantBytes: ([Int], [Int])
    private let dcLuma = JPEGHuffmanTable(counts: JPEGTables.dcLuminanceCounts, symbols: JPEGTables.dcSymbols)
    private let acLuma = JPEGHuffmanTable(
        counts: JPEGTables.acLuminanceCounts, symbols: JPEGTables.acLuminanceSymbols)
    private let dcChroma = JPEGHuffmanTable(
        counts: JPEGTables.dcChrominanceCounts, symbols: JPEGTables.dcSymbols)
    private let acChroma = JPEGHuffmanTable(
        counts: JPEGTables.acChrominanceCounts, symbols: JPEGTables.acChrominanceSymbols)

    static func encode(_ image: RasterImage, quality: Int) -> [UInt8] {
        JPEGEncoder(image: image, quality: quality).encode()
    }

    private init(image: RasterImage, quality: Int) {
        self.image = image
        grey = image.isGreyscale
        quantBytes = (
            JPEGTables.scaled(JPEGTables.luminanceQuant, quality: quality),
            JPEGTables.scaled(JPEGTables.chrominanceQuant, quality: quality)
        )
    }

    private func encode() -> [UInt8] {
        var out = ByteWriter(capacity: image.width * image.height / 4 + 1024)
        writeHeaders(into: &out)
        let bits = JPEGBitWriter(capacity: image.width * image.height / 3 + 256)
        defer { bits.release() }
        if grey { encodeGreyScan(into: bits) } else { encodeColourScan(into: bits) }
        bits.finish(into: &out)
        out.append([0xFF, 0xD9])
        return out.bytes
    }

    private func writeHeaders(into out: inout ByteWriter) {
        out.append([0xFF, 0xD8, 0xFF, 0xE0, 0, 16])
        out.ascii("JFIF")
        out.append([0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        for (id, table) in [(0, quantBytes.0), (1, quantBytes.1)] where id == 0 || !grey {
            out.append([0xFF, 0xDB, 0, 67, UInt8(id)])
            for k in 0..<64 { out.u8(UInt8(table[JPEGTables.zigzag[k]])) }
        }
        let components = grey ? 1 : 3
        out.append([0xFF, 0xC0])
        out.u16BE(8 + 3 * components)
        out.u8(8)
        out.u16BE(image.height)
        out.u16BE(image.width)
        out.u8(UInt8(components))
        out.append(grey ? [1, 0x11, 0] : [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        writeHuffman(dcLuma, tableClass: 0, id: 0, into: &out)
        writeHuffman(acLuma, tableClass: 1, id: 0, into: &out)
        if !grey {
            writeHuffman(dcChroma, tableClass: 0, id: 1, into: &out)
            writeHuffman(acChroma, tableClass: 1, id: 1, into: &out)
        }
        out.append([0xFF, 0xDA])
        out.u16BE(6 + 2 * components)
        out.u8(UInt8(components))
        out.append(grey ? [1, 0x00] : [1, 0x00, 2, 0x11, 3, 0x11])
        out.append([0, 63, 0])
    }

    private func writeHuffman(
        _ table: JPEGHuffmanTable, tableClass: UInt8, id: UInt8, into out: inout ByteWriter
    ) {
        out.append([0xFF, 0xC4])
        out.u16BE(3 + 16 + table.symbols.count)
        out.u8(tableClass << 4 | id)
        out.append(table.counts)
        out.append(table.symbols)
    }

    private func encodeGreyScan(into bits: JPEGBitWriter) {
        let coder = JPEGBlockCoder(quant: quantBytes.0, dc: dcLuma, ac: acLuma)
        defer { coder.release() }
        let (width, height, fraction) = (image.width, image.height, JPEGBlockCoder.fractionBits)
        var previousDC = 0
        image.pixels.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var blockY = 0
            while blockY < height {
                var blockX = 0
                while blockX < width {
                    for y in 0..<8 {
                        let row = (blockY + y < height ? blockY + y : height - 1) * width
                        var x = 0
                        while x < 8 {
                            let column = blockX + x < width ? blockX + x : width - 1
                            coder.block[y * 8 + x] = (Int(pixels[(row + column) * 3]) - 128) << fraction
                            x += 1
                        }
                    }
                    coder.encode(coder.block, previous: &previousDC, into: bits)
                    blockX += 8
                }
                blockY += 8
            }
        }
    }

    private func encodeColourScan(into bits: JPEGBitWriter) {
        let luma = JPEGBlockCoder(quant: quantBytes.0, dc: dcLuma, ac: acLuma)
        let chroma = JPEGBlockCoder(quant: quantBytes.1, dc: dcChroma, ac: acChroma)
        let planes = UnsafeMutablePointer<Int>.allocate(capacity: 256 + 128)
        defer {
            luma.release()
            chroma.release()
            planes.deallocate()
        }
        var previous = (0, 0, 0)
        image.pixels.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var mcuY = 0
            while mcuY < image.height {
                var mcuX = 0
                while mcuX < image.width {
                    loadMCU(pixels, x: mcuX, y: mcuY, luma: planes, cb: planes + 256, cr: planes + 320)
                    for quadrant in 0..<4 {
                        let source = planes + ((quadrant >> 1) * 8) * 16 + (quadrant & 1) * 8
                        for y in 0..<8 { (luma.block + y * 8).update(from: source + y * 16, count: 8) }
                        luma.encode(luma.block, previous: &previous.0, into: bits)
                    }
                    chroma.encode(planes + 256, previous: &previous.1, into: bits)
                    chroma.encode(planes + 320, previous: &previous.2, into: bits)
                    mcuX += 16
                }
                mcuY += 16
            }
        }
    }

    /// Fills a 16×16 luma block and the two 8×8 chroma blocks (2×2 averages), level-shifted,
    /// with `JPEGBlockCoder.fractionBits` bits below the point. The BT.601 weights are in
    /// 16-bit fixed point (they sum to 65,536).
    private func loadMCU(
        _ pixels: UnsafePointer<UInt8>, x mcuX: Int, y mcuY: Int, luma: UnsafeMutablePointer<Int>,
        cb: UnsafeMutablePointer<Int>, cr: UnsafeMutablePointer<Int>
    ) {
        let (width, height) = (image.width, image.height)
        let shift = 16 - JPEGBlockCoder.fractionBits
        let levelShift = 128 << JPEGBlockCoder.fractionBits
        cb.update(repeating: 0, count: 64)
        cr.update(repeating: 0, count: 64)
        for y in 0..<16 {
            let row = (mcuY + y < height ? mcuY + y : height - 1) * width
            var x = 0
            while x < 16 {
                let index = (row + (mcuX + x < width ? mcuX + x : width - 1)) * 3
                let (r, g, b) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
                luma[y * 16 + x] =
                    ((19_595 * r + 38_470 * g + 7_471 * b + (1 << (shift - 1))) >> shift) - levelShift
                let chroma = (y >> 1) * 8 + (x >> 1)
                cb[chroma] += -11_059 * r - 21_709 * g + 32_768 * b
                cr[chroma] += 32_768 * r - 27_439 * g - 5_329 * b
                x += 1
            }
        }
        // Four pixels' sums: two more bits to drop.
        var index = 0
        while index < 64 {
            cb[index] = (cb[index] + (1 << (shift + 1))) >> (shift + 2)
            cr[index] = (cr[index] + (1 << (shift + 1))) >> (shift + 2)
            index += 1
        }
    }

    static func cosine(_ angle: Double) -> Double {
        // Taylor series after reducing to [-π, π]; enough digits for an 8-bit codec, and no
        // Foundation needed.
        var x = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi }
        var term = 1.0
        var sum = 1.0
        for n in 1..<20 {
            term *= -x * x / Double((2 * n - 1) * (2 * n))
            sum += term
        }
        return sum
    }
}
