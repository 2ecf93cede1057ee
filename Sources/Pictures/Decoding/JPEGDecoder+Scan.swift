extension JPEGDecoder {
    /// Decodes the one interleaved scan into each component's plane of samples.
    mutating func decodeScan() throws(ImageDecodingError) {
        let hmax = components.map(\.h).max() ?? 1
        let vmax = components.map(\.v).max() ?? 1
        let mcusX = (width + 8 * hmax - 1) / (8 * hmax)
        let mcusY = (height + 8 * vmax - 1) / (8 * vmax)
        for index in components.indices {
            components[index].planeWidth = mcusX * components[index].h * 8
            components[index].plane = [UInt8](
                repeating: 0, count: components[index].planeWidth * mcusY * components[index].v * 8)
        }
        var reader = JPEGBitReader(bytes: bytes, position: position)
        var block = [Int](repeating: 0, count: 64)
        let idct = JPEGInverseDCT.shared
        for mcu in 0..<(mcusX * mcusY) {
            if restartInterval > 0, mcu > 0, mcu % restartInterval == 0 {
                reader.restart()
                for index in components.indices { components[index].predictor = 0 }
            }
            for index in components.indices {
                let component = components[index]
                guard let dc = dcTables[component.dcTable], let ac = acTables[component.acTable] else {
                    throw ImageDecodingError("the JPEG scan uses a Huffman table it never defined")
                }
                for v in 0..<component.v {
                    for h in 0..<component.h {
                        try decodeBlock(&reader, dc: dc, ac: ac, component: index, into: &block)
                        let x = ((mcu % mcusX) * component.h + h) * 8
                        let y = ((mcu / mcusX) * component.v + v) * 8
                        idct.transform(
                            block, quant: quantTables[component.quantTable], into: &components[index].plane,
                            offset: y * component.planeWidth + x, stride: component.planeWidth)
                    }
                }
            }
        }
        position = reader.position
    }

    private mutating func decodeBlock(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanDecoder, ac: JPEGHuffmanDecoder, component: Int,
        into block: inout [Int]
    ) throws(ImageDecodingError) {
        for index in 0..<64 { block[index] = 0 }
        try Self.decodeSequentialBlock(&reader, dc: dc, ac: ac, predictor: &components[component].predictor) {
            block[$0] = $1
        }
    }

    /// One block of a sequential scan (T.81 F.2.2): the DC difference added to `predictor`,
    /// then the run-length coded AC values to the end of the block. Each coefficient goes to
    /// `put` with its natural-order index (the DC at 0); the ones not sent are zero.
    static func decodeSequentialBlock(
        _ reader: inout JPEGBitReader, dc: JPEGHuffmanDecoder, ac: JPEGHuffmanDecoder, predictor: inout Int,
        put: (_ index: Int, _ value: Int) -> Void
    ) throws(ImageDecodingError) {
        predictor += try decodeDCDifference(&reader, dc)
        put(0, predictor)
        var k = 1
        while k < 64 {
            let symbol = Int(try ac.decode(&reader))
            let run = symbol >> 4
            let bits = symbol & 15
            if bits == 0 {
                if run == 15 {
                    k += 16
                    continue
                }
                return
            }
            k += run
            guard k < 64 else { throw ImageDecodingError("the JPEG image data is damaged") }
            put(JPEGTables.zigzag[k], try reader.receiveExtended(bits))
            k += 1
        }
    }

    /// A block's DC difference (T.81 F.2.2.1): its size category, then that many bits.
    static func decodeDCDifference(_ reader: inout JPEGBitReader, _ dc: JPEGHuffmanDecoder)
        throws(ImageDecodingError) -> Int
    {
        let size = try dc.decode(&reader)
        guard size <= 11 else { throw ImageDecodingError("the JPEG image data is damaged") }
        return try reader.receiveExtended(Int(size))
    }

    /// The planes as RGB: subsampled chroma is interpolated between sample centres
    /// (bilinear, as libjpeg's "fancy" upsampling), then YCbCr is converted (an RGB file's
    /// planes are taken as they are).
    func picture() throws(ImageDecodingError) -> RasterImage {
        guard decodedScan else { throw ImageDecodingError("the JPEG file has no image data") }
        let hmax = components.map(\.h).max() ?? 1
        let vmax = components.map(\.v).max() ?? 1
        let planes = components.map { upsampled($0, hmax: hmax, vmax: vmax) }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let rgb = storesRGB
        for index in 0..<(width * height) {
            let out = index * 3
            if rgb {
                pixels[out] = planes[0][index]
                pixels[out + 1] = planes[1][index]
                pixels[out + 2] = planes[2][index]
                continue
            }
            if planes.count == 1 {
                pixels[out] = planes[0][index]
                pixels[out + 1] = planes[0][index]
                pixels[out + 2] = planes[0][index]
                continue
            }
            let luma = Double(planes[0][index])
            let cb = Double(Int(planes[1][index]) - 128)
            let cr = Double(Int(planes[2][index]) - 128)
            pixels[out] = Self.clamp(luma + 1.402 * cr)
            pixels[out + 1] = Self.clamp(luma - 0.344136 * cb - 0.714136 * cr)
            pixels[out + 2] = Self.clamp(luma + 1.772 * cb)
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// One component at full size (`width × height`).
    private func upsampled(_ component: Component, hmax: Int, vmax: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        let planeHeight = component.plane.count / component.planeWidth
        if component.h == hmax, component.v == vmax {
            for y in 0..<height {
                for x in 0..<width { out[y * width + x] = component.plane[y * component.planeWidth + x] }
            }
            return out
        }
        let scaleX = Double(component.h) / Double(hmax)
        let scaleY = Double(component.v) / Double(vmax)
        let maxX = min(component.planeWidth, (width * component.h + hmax - 1) / hmax) - 1
        let maxY = min(planeHeight, (height * component.v + vmax - 1) / vmax) - 1
        for y in 0..<height {
            let sourceY = max(0, (Double(y) + 0.5) * scaleY - 0.5)
            let top = min(Int(sourceY), maxY)
            let bottom = min(top + 1, maxY)
            let fy = sourceY - Double(top)
            for x in 0..<width {
                let sourceX = max(0, (Double(x) + 0.5) * scaleX - 0.5)
                let left = min(Int(sourceX), maxX)
                let right = min(left + 1, maxX)
                let fx = sourceX - Double(left)
                let row = top * component.planeWidth
                let nextRow = bottom * component.planeWidth
                let upper =
                    Double(component.plane[row + left]) * (1 - fx) + Double(component.plane[row + right]) * fx
                let lower =
                    Double(component.plane[nextRow + left]) * (1 - fx) + Double(
                        component.plane[nextRow + right]) * fx
                out[y * width + x] = Self.clamp(upper * (1 - fy) + lower * fy)
            }
        }
        return out
    }

    static func clamp(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, (value + 0.5).rounded(.down))))
    }
}

/// One Huffman table of a JPEG file (T.81 Annex C/F): codes by length, read MSB first.
struct JPEGHuffmanDecoder {
    private var maxCode = [Int](repeating: -1, count: 17)
    private var valuePointer = [Int](repeating: 0, count: 17)
    private var minCode = [Int](repeating: 0, count: 17)
    private let symbols: [UInt8]

    init(counts: [UInt8], symbols: [UInt8]) {
        self.symbols = symbols
        var code = 0
        var index = 0
        for length in 1...16 {
            let count = Int(counts[length - 1])
            if count > 0 {
                valuePointer[length] = index
                minCode[length] = code
                code += count
                index += count
                maxCode[length] = code - 1
            }
            code <<= 1
        }
    }

    func decode(_ reader: inout JPEGBitReader) throws(ImageDecodingError) -> UInt8 {
        var code = 0
        for length in 1...16 {
            code = code << 1 | reader.bit()
            if code <= maxCode[length] {
                let index = valuePointer[length] + code - minCode[length]
                guard index < symbols.count else { break }
                return symbols[index]
            }
        }
        throw ImageDecodingError("the JPEG image data has an invalid Huffman code")
    }
}

/// The entropy-coded data: `FF 00` is a data byte `FF`; at a marker, zeros are read.
struct JPEGBitReader {
    let bytes: [UInt8]
    var position: Int
    private var buffer = 0
    private var count = 0

    init(bytes: [UInt8], position: Int) {
        self.bytes = bytes
        self.position = position
    }

    mutating func bit() -> Int {
        if count == 0 {
            buffer = nextByte()
            count = 8
        }
        count -= 1
        return (buffer >> count) & 1
    }

    private mutating func nextByte() -> Int {
        guard position < bytes.count else { return 0 }
        let byte = bytes[position]
        if byte != 0xFF {
            position += 1
            return Int(byte)
        }
        if position + 1 < bytes.count, bytes[position + 1] == 0 {
            position += 2
            return 0xFF
        }
        return 0  // a marker: stay before it
    }

    /// `bits` bits as an unsigned number.
    mutating func bits(_ count: Int) -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | bit() }
        return value
    }

    /// `bits` bits as a signed coefficient (T.81 F.2.2.1 EXTEND).
    mutating func receiveExtended(_ bits: Int) throws(ImageDecodingError) -> Int {
        guard bits > 0 else { return 0 }
        var value = 0
        for _ in 0..<bits { value = value << 1 | bit() }
        return value < 1 << (bits - 1) ? value - (1 << bits) + 1 : value
    }

    /// At a restart interval: drop the partial byte and step over the RSTn marker.
    mutating func restart() {
        count = 0
        while position + 1 < bytes.count,
            !(bytes[position] == 0xFF && (0xD0...0xD7).contains(bytes[position + 1]))
        {
            position += 1
        }
        if position + 1 < bytes.count { position += 2 }
    }
}

/// The 8×8 inverse DCT, separable, in floating point with a precomputed cosine table.
final class JPEGInverseDCT: Sendable {
    static let shared = JPEGInverseDCT()
    /// `cosines[x * 8 + u]` = C(u)/2 · cos((2x+1)uπ/16).
    let cosines: [Double]

    private init() {
        var table = [Double](repeating: 0, count: 64)
        for x in 0..<8 {
            for u in 0..<8 {
                let scale = u == 0 ? 1 / 2.0.squareRoot() : 1
                table[x * 8 + u] = scale / 2 * Self.cosine(Double((2 * x + 1) * u) * Double.pi / 16)
            }
        }
        cosines = table
    }

    func transform(_ block: [Int], quant: [Int], into plane: inout [UInt8], offset: Int, stride: Int) {
        var rows = [Double](repeating: 0, count: 64)
        for v in 0..<8 {
            for x in 0..<8 {
                var sum = 0.0
                for u in 0..<8 where block[v * 8 + u] != 0 {
                    sum += cosines[x * 8 + u] * Double(block[v * 8 + u] * quant[v * 8 + u])
                }
                rows[v * 8 + x] = sum
            }
        }
        for x in 0..<8 {
            for y in 0..<8 {
                var sum = 0.0
                for v in 0..<8 { sum += cosines[y * 8 + v] * rows[v * 8 + x] }
                plane[offset + y * stride + x] = JPEGDecoder.clamp(sum + 128)
            }
        }
    }

    /// cos without Foundation.
    private static func cosine(_ angle: Double) -> Double {
        Trigonometry.cosine(angle)
    }
}
