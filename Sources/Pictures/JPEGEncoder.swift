/// Writes a baseline JFIF JPEG: YCbCr with 4:2:0 chroma subsampling (one 8-bit component when
/// every pixel is grey), quantised with the standard tables scaled by quality, coded with the
/// standard Huffman tables. Blocks are read straight from the pixels with edges repeated, so
/// no padded copy of the picture is made.
struct JPEGEncoder {
    private let image: RasterImage
    private let grey: Bool
    private let lumaQuant: [Float]
    private let chromaQuant: [Float]
    private let quantBytes: ([Int], [Int])
    private let dcLuma = JPEGHuffmanTable(counts: JPEGTables.dcLuminanceCounts, symbols: JPEGTables.dcSymbols)
    private let acLuma = JPEGHuffmanTable(
        counts: JPEGTables.acLuminanceCounts, symbols: JPEGTables.acLuminanceSymbols)
    private let dcChroma = JPEGHuffmanTable(
        counts: JPEGTables.dcChrominanceCounts, symbols: JPEGTables.dcSymbols)
    private let acChroma = JPEGHuffmanTable(
        counts: JPEGTables.acChrominanceCounts, symbols: JPEGTables.acChrominanceSymbols)

    /// `cosines[u * 8 + x]` = c(u)/2 · cos((2x + 1)uπ/16), the 1-D DCT basis.
    static let cosines: [Float] = (0..<64).map { index in
        let (u, x) = (index / 8, index % 8)
        let scale: Float = u == 0 ? Float(0.5 / 2.0.squareRoot()) : 0.5
        return scale * Float(cosine(Double(2 * x + 1) * Double(u) * Double.pi / 16))
    }

    static func encode(_ image: RasterImage, quality: Int) -> [UInt8] {
        JPEGEncoder(image: image, quality: quality).encode()
    }

    private init(image: RasterImage, quality: Int) {
        self.image = image
        grey = image.isGreyscale
        let luma = JPEGTables.scaled(JPEGTables.luminanceQuant, quality: quality)
        let chroma = JPEGTables.scaled(JPEGTables.chrominanceQuant, quality: quality)
        quantBytes = (luma, chroma)
        lumaQuant = luma.map { 1 / Float($0) }
        chromaQuant = chroma.map { 1 / Float($0) }
    }

    private func encode() -> [UInt8] {
        var out = ByteWriter(capacity: image.width * image.height / 4 + 1024)
        writeHeaders(into: &out)
        var bits = JPEGBitWriter(capacity: image.width * image.height / 3 + 256)
        if grey { encodeGreyScan(into: &bits) } else { encodeColourScan(into: &bits) }
        out.append(bits.finish())
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

    private func encodeGreyScan(into bits: inout JPEGBitWriter) {
        let scratch = JPEGBlockCoder(quant: lumaQuant, dc: dcLuma, ac: acLuma)
        defer { scratch.release() }
        var previousDC = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            for blockY in stride(from: 0, to: image.height, by: 8) {
                for blockX in stride(from: 0, to: image.width, by: 8) {
                    for y in 0..<8 {
                        let row = min(blockY + y, image.height - 1) * image.width
                        for x in 0..<8 {
                            scratch.block[y * 8 + x] =
                                Float(pixels[(row + min(blockX + x, image.width - 1)) * 3]) - 128
                        }
                    }
                    scratch.encode(scratch.block, previous: &previousDC, into: &bits)
                }
            }
        }
    }

    private func encodeColourScan(into bits: inout JPEGBitWriter) {
        let luma = JPEGBlockCoder(quant: lumaQuant, dc: dcLuma, ac: acLuma)
        let chroma = JPEGBlockCoder(quant: chromaQuant, dc: dcChroma, ac: acChroma)
        let planes = UnsafeMutablePointer<Float>.allocate(capacity: 256 + 128)
        defer {
            luma.release()
            chroma.release()
            planes.deallocate()
        }
        var previous = (0, 0, 0)
        image.pixels.withUnsafeBufferPointer { pixels in
            for mcuY in stride(from: 0, to: image.height, by: 16) {
                for mcuX in stride(from: 0, to: image.width, by: 16) {
                    loadMCU(pixels, x: mcuX, y: mcuY, luma: planes, cb: planes + 256, cr: planes + 320)
                    for quadrant in 0..<4 {
                        let (ox, oy) = ((quadrant & 1) * 8, (quadrant >> 1) * 8)
                        for y in 0..<8 {
                            for x in 0..<8 { luma.block[y * 8 + x] = planes[(oy + y) * 16 + ox + x] }
                        }
                        luma.encode(luma.block, previous: &previous.0, into: &bits)
                    }
                    chroma.encode(planes + 256, previous: &previous.1, into: &bits)
                    chroma.encode(planes + 320, previous: &previous.2, into: &bits)
                }
            }
        }
    }

    /// Fills a 16×16 luma block and the two 8×8 chroma blocks (2×2 averages), level-shifted.
    private func loadMCU(
        _ pixels: UnsafeBufferPointer<UInt8>, x mcuX: Int, y mcuY: Int, luma: UnsafeMutablePointer<Float>,
        cb: UnsafeMutablePointer<Float>, cr: UnsafeMutablePointer<Float>
    ) {
        cb.update(repeating: 0, count: 64)
        cr.update(repeating: 0, count: 64)
        for y in 0..<16 {
            let row = min(mcuY + y, image.height - 1) * image.width
            for x in 0..<16 {
                let index = (row + min(mcuX + x, image.width - 1)) * 3
                let (r, g, b) = (Float(pixels[index]), Float(pixels[index + 1]), Float(pixels[index + 2]))
                luma[y * 16 + x] = 0.299 * r + 0.587 * g + 0.114 * b - 128
                let chroma = (y >> 1) * 8 + (x >> 1)
                cb[chroma] += 0.25 * (-0.168_736 * r - 0.331_264 * g + 0.5 * b)
                cr[chroma] += 0.25 * (0.5 * r - 0.418_688 * g - 0.081_312 * b)
            }
        }
    }

    private static func cosine(_ angle: Double) -> Double {
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

/// DCT, quantisation and Huffman coding of 8×8 blocks for one component, with its scratch
/// space allocated once per scan rather than once per block.
final class JPEGBlockCoder {
    let block = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    private let temp = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    private let coefficients = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    private let cosines = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    private let scaled = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    private let zigzag = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    private let dc: JPEGHuffmanTable
    private let ac: JPEGHuffmanTable

    init(quant: [Float], dc: JPEGHuffmanTable, ac: JPEGHuffmanTable) {
        self.dc = dc
        self.ac = ac
        for index in 0..<64 {
            cosines[index] = JPEGEncoder.cosines[index]
            scaled[index] = quant[index]
            zigzag[index] = JPEGTables.zigzag[index]
        }
    }

    func release() {
        for pointer in [block, temp, cosines, scaled] { pointer.deallocate() }
        coefficients.deallocate()
        zigzag.deallocate()
    }

    /// Codes one level-shifted block (`input` is overwritten by its DCT).
    func encode(_ input: UnsafeMutablePointer<Float>, previous: inout Int, into bits: inout JPEGBitWriter) {
        forwardDCT(input)
        for k in 0..<64 {
            let natural = zigzag[k]
            coefficients[k] = Int((input[natural] * scaled[natural]).rounded())
        }
        let difference = coefficients[0] - previous
        previous = coefficients[0]
        bits.writeValue(difference, table: dc, runLength: 0)
        var run = 0
        for k in 1..<64 {
            let value = coefficients[k]
            if value == 0 {
                run += 1
                continue
            }
            while run >= 16 {
                bits.writeCode(0xF0, table: ac)
                run -= 16
            }
            bits.writeValue(value, table: ac, runLength: run)
            run = 0
        }
        if run > 0 { bits.writeCode(0x00, table: ac) }
    }

    /// Separable 2-D DCT-II by the basis matrix, rows then columns.
    private func forwardDCT(_ data: UnsafeMutablePointer<Float>) {
        for y in 0..<8 {
            for u in 0..<8 {
                var sum: Float = 0
                for x in 0..<8 { sum += cosines[u * 8 + x] * data[y * 8 + x] }
                temp[y * 8 + u] = sum
            }
        }
        for u in 0..<8 {
            for v in 0..<8 {
                var sum: Float = 0
                for y in 0..<8 { sum += cosines[v * 8 + y] * temp[y * 8 + u] }
                data[v * 8 + u] = sum
            }
        }
    }
}

/// Packs bits most-significant first and stuffs a zero byte after every 0xFF, as JPEG wants.
struct JPEGBitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    mutating func write(_ value: UInt32, _ length: Int) {
        guard length > 0 else { return }
        buffer = buffer << UInt32(length) | (value & ((1 << UInt32(length)) - 1))
        count += length
        while count >= 8 {
            let byte = UInt8(truncatingIfNeeded: buffer >> UInt32(count - 8))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
            count -= 8
        }
    }

    mutating func writeCode(_ symbol: Int, table: JPEGHuffmanTable) {
        write(UInt32(table.codes[symbol]), Int(table.lengths[symbol]))
    }

    /// Writes the (run, size) symbol and the value's bits (one's complement when negative).
    mutating func writeValue(_ value: Int, table: JPEGHuffmanTable, runLength: Int) {
        let magnitude = abs(value)
        let size = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
        writeCode(runLength << 4 | size, table: table)
        write(UInt32(truncatingIfNeeded: value < 0 ? value - 1 : value), size)
    }

    mutating func finish() -> [UInt8] {
        if count > 0 { write(0x7F, 8 - count) }  // pad with one bits
        return bytes
    }
}
