/// DCT, quantisation and Huffman coding of 8×8 blocks for one component, with its tables and
/// scratch space allocated once per scan rather than once per block.
///
/// The DCT is the integer form of Arai, Agui and Nakajima's (as libjpeg's `jfdctfst`, with 14-bit
/// constants and samples carrying `fractionBits` bits below the point): 5 multiplications per
/// row or column instead of 64, and its output scale folded into the quantisation step. Every
/// loop works on pointers, which a debug build runs without a call per element.
final class JPEGBlockCoder {
    /// Bits below the point in the samples handed to `encode`.
    static let fractionBits = 6

    /// The AAN output's scale for each frequency: 1, then cos(kπ/16)·√2.
    static let aanScales: [Double] = (0..<8).map { k in
        k == 0 ? 1 : JPEGEncoder.cosine(Double(k) * Double.pi / 16) * 2.0.squareRoot()
    }

    let block = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    private let coefficients = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    /// 1 / (quantiser · both AAN scales · 8 · 2^fractionBits), in natural order.
    private let reciprocals = UnsafeMutablePointer<Double>.allocate(capacity: 64)
    private let zigzag = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    /// Code and length of each symbol, DC table then AC table (256 each).
    private let codes = UnsafeMutablePointer<UInt32>.allocate(capacity: 512)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: 512)

    init(quant: [Int], dc: JPEGHuffmanTable, ac: JPEGHuffmanTable) {
        let unit = Double(8 << Self.fractionBits)
        for index in 0..<64 {
            let scale = Self.aanScales[index / 8] * Self.aanScales[index % 8]
            reciprocals[index] = 1 / (Double(quant[index]) * scale * unit)
            zigzag[index] = JPEGTables.zigzag[index]
        }
        for symbol in 0..<256 {
            codes[symbol] = UInt32(dc.codes[symbol])
            lengths[symbol] = Int(dc.lengths[symbol])
            codes[256 + symbol] = UInt32(ac.codes[symbol])
            lengths[256 + symbol] = Int(ac.lengths[symbol])
        }
    }

    func release() {
        block.deallocate()
        coefficients.deallocate()
        reciprocals.deallocate()
        zigzag.deallocate()
        codes.deallocate()
        lengths.deallocate()
    }

    /// Codes one level-shifted block (`input` is overwritten by its DCT).
    func encode(_ input: UnsafeMutablePointer<Int>, previous: inout Int, into bits: JPEGBitWriter) {
        Self.transform(input, step: 8, stride: 1)
        Self.transform(input, step: 1, stride: 8)
        var k = 0
        while k < 64 {
            let natural = zigzag[k]
            let scaled = Double(input[natural]) * reciprocals[natural]
            coefficients[k] = Int(scaled < 0 ? scaled - 0.5 : scaled + 0.5)
            k += 1
        }
        let difference = coefficients[0] - previous
        previous = coefficients[0]
        writeValue(difference, symbolBase: 0, runLength: 0, into: bits)
        var run = 0
        k = 1
        while k < 64 {
            let value = coefficients[k]
            k += 1
            if value == 0 {
                run += 1
                continue
            }
            while run >= 16 {
                bits.write(codes[256 + 0xF0], lengths[256 + 0xF0])
                run -= 16
            }
            writeValue(value, symbolBase: 256, runLength: run, into: bits)
            run = 0
        }
        if run > 0 { bits.write(codes[256], lengths[256]) }
    }

    /// Writes the (run, size) symbol and the value's bits (one's complement when negative).
    private func writeValue(_ value: Int, symbolBase: Int, runLength: Int, into bits: JPEGBitWriter) {
        let magnitude = value < 0 ? -value : value
        let size = magnitude == 0 ? 0 : Int.bitWidth - magnitude.leadingZeroBitCount
        let symbol = symbolBase + (runLength << 4 | size)
        bits.write(codes[symbol], lengths[symbol])
        bits.write(UInt32(truncatingIfNeeded: value < 0 ? value - 1 : value), size)
    }

    /// The 1-D AAN DCT, in place, of eight lines of eight values: line `i` starts at
    /// `block + i * step` and its values are `stride` apart (rows: 8 and 1; columns: 1 and 8).
    /// One call does all eight, as a debug build sets up every local at each call.
    private static func transform(_ block: UnsafeMutablePointer<Int>, step: Int, stride s: Int) {
        var line = 0
        while line < 8 {
            let d = block + line * step
            let (tmp0, tmp7) = (d[0] + d[7 * s], d[0] - d[7 * s])
            let (tmp1, tmp6) = (d[s] + d[6 * s], d[s] - d[6 * s])
            let (tmp2, tmp5) = (d[2 * s] + d[5 * s], d[2 * s] - d[5 * s])
            let (tmp3, tmp4) = (d[3 * s] + d[4 * s], d[3 * s] - d[4 * s])
            // Even part.
            let (tmp10, tmp13) = (tmp0 + tmp3, tmp0 - tmp3)
            let (tmp11, tmp12) = (tmp1 + tmp2, tmp1 - tmp2)
            d[0] = tmp10 + tmp11
            d[4 * s] = tmp10 - tmp11
            let z1 = ((tmp12 + tmp13) * 11_585 + 8_192) >> 14  // cos(π/4)
            d[2 * s] = tmp13 + z1
            d[6 * s] = tmp13 - z1
            // Odd part.
            let (odd10, odd11, odd12) = (tmp4 + tmp5, tmp5 + tmp6, tmp6 + tmp7)
            let z5 = ((odd10 - odd12) * 6_270 + 8_192) >> 14  // cos(3π/8)
            let z2 = ((odd10 * 8_867 + 8_192) >> 14) + z5  // cos(3π/8)·√2
            let z4 = ((odd12 * 21_407 + 8_192) >> 14) + z5  // cos(π/8)·√2
            let z3 = (odd11 * 11_585 + 8_192) >> 14
            let (z11, z13) = (tmp7 + z3, tmp7 - z3)
            d[5 * s] = z13 + z2
            d[3 * s] = z13 - z2
            d[s] = z11 + z4
            d[7 * s] = z11 - z4
            line += 1
        }
    }
}
/// Packs bits most-significant first and stuffs a zero byte after every 0xFF, as JPEG wants,
/// into a buffer it grows itself.
final class JPEGBitWriter {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var used = 0
    private var buffer: UInt64 = 0
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        bytes = .allocate(capacity: self.capacity)
    }

    func release() { bytes.deallocate() }

    func write(_ value: UInt32, _ length: Int) {
        guard length > 0 else { return }
        buffer = buffer << UInt64(length) | UInt64(value & ((1 << UInt32(length)) - 1))
        count += length
        if used + 8 > capacity { grow() }
        while count >= 8 {
            let byte = UInt8(truncatingIfNeeded: buffer >> UInt64(count - 8))
            bytes[used] = byte
            used += 1
            if byte == 0xFF {
                bytes[used] = 0
                used += 1
            }
            count -= 8
        }
    }

    /// Pads the last byte with one bits and appends everything written to `out`.
    func finish(into out: inout ByteWriter) {
        if count > 0 { write(0x7F, 8 - count) }
        out.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: used))
    }

    private func grow() {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: bytes, count: used)
        bytes.deallocate()
        bytes = larger
        capacity *= 2
    }
}
