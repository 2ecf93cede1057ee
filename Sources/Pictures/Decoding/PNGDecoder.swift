/// PNG to RGB, transparency laid over white: grey at 1, 2, 4, 8 or 16 bits, palette at 1, 2,
/// 4 or 8 bits, grey+alpha, RGB and RGBA at 8 or 16 bits (16-bit samples keep their high
/// byte), each either progressive rows or Adam7-interlaced. A palette's `tRNS` gives its
/// entries alpha; a grey or RGB file's `tRNS` names the one colour that is transparent.
enum PNGDecoder {
    private struct Header {
        var width = 0
        var height = 0
        var bitDepth = 8
        var colorType = 0
        var interlaced = false
        var channels: Int {
            switch colorType {
            case 0, 3: 1
            case 4: 2
            case 2: 3
            default: 4
            }
        }
        var bitsPerPixel: Int { channels * bitDepth }
        /// Bytes between a byte and the one its filter predicts from (at least one).
        var filterDistance: Int { max(1, bitsPerPixel / 8) }

        func rowBytes(_ pixels: Int) -> Int { (pixels * bitsPerPixel + 7) / 8 }
    }

    /// One pass over the picture: its first pixel and the steps between its pixels.
    private struct Pass {
        var x: Int
        var y: Int
        var dx: Int
        var dy: Int

        func width(_ header: Header) -> Int { header.width > x ? (header.width - x + dx - 1) / dx : 0 }
        func height(_ header: Header) -> Int { header.height > y ? (header.height - y + dy - 1) / dy : 0 }
    }

    private static let whole = [Pass(x: 0, y: 0, dx: 1, dy: 1)]
    private static let adam7 = [
        Pass(x: 0, y: 0, dx: 8, dy: 8), Pass(x: 4, y: 0, dx: 8, dy: 8), Pass(x: 0, y: 4, dx: 4, dy: 8),
        Pass(x: 2, y: 0, dx: 4, dy: 4), Pass(x: 0, y: 2, dx: 2, dy: 4), Pass(x: 1, y: 0, dx: 2, dy: 2),
        Pass(x: 0, y: 1, dx: 1, dy: 2),
    ]

    static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> RasterImage {
        var header: Header?
        var palette: [UInt8] = []
        var paletteAlpha: [UInt8] = []
        var compressed: [UInt8] = []
        var position = 8
        chunks: while position + 8 <= bytes.count {
            let length = Int(readUInt32(bytes, position))
            let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8
            guard length <= bytes.count - start - 4 else {
                throw ImageDecodingError("a PNG chunk runs past the file's end")
            }
            let data = bytes[start..<(start + length)]
            switch type {
            case "IHDR": header = try readHeader(data)
            case "PLTE": palette = Array(data)
            case "tRNS": paletteAlpha = Array(data)
            case "IDAT": compressed += data
            case "IEND": break chunks
            default: break
            }
            position = start + length + 4
        }
        guard let header else { throw ImageDecodingError("the PNG file has no IHDR chunk") }
        let key = header.colorType == 3 ? [] : colourKey(paletteAlpha, header)
        let passes = header.interlaced ? adam7 : whole
        let expected = passes.reduce(0) { total, pass in
            let width = pass.width(header)
            let height = pass.height(header)
            return width == 0 || height == 0 ? total : total + (header.rowBytes(width) + 1) * height
        }
        let raw = try Inflate.zlib(compressed, limit: expected)
        guard raw.count >= expected else { throw ImageDecodingError("the PNG image data is too short") }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 3)
        var offset = 0
        for pass in passes {
            let width = pass.width(header)
            let height = pass.height(header)
            guard width > 0, height > 0 else { continue }
            let rowBytes = header.rowBytes(width)
            var previous = [UInt8](repeating: 0, count: rowBytes)
            var current = previous
            var samples = [UInt8](repeating: 0, count: width * header.channels)
            var keyed = [Bool](repeating: false, count: key.isEmpty ? 0 : width)
            for row in 0..<height {
                try unfilter(
                    raw, at: offset, into: &current, above: previous, distance: header.filterDistance)
                offset += rowBytes + 1
                expand(current, header, count: width, into: &samples)
                if !key.isEmpty { markKey(key, current, header, into: &keyed) }
                try place(
                    samples, header, palette: palette, paletteAlpha: paletteAlpha, keyed: keyed,
                    into: &pixels,
                    start: (pass.y + row * pass.dy) * header.width + pass.x, step: pass.dx)
                swap(&previous, &current)
            }
        }
        return RasterImage(width: header.width, height: header.height, pixels: pixels)
    }

    private static func readHeader(_ data: ArraySlice<UInt8>) throws(ImageDecodingError) -> Header {
        let bytes = Array(data)
        guard bytes.count == 13 else { throw ImageDecodingError("the PNG header is damaged") }
        let header = Header(
            width: Int(readUInt32(bytes, 0)), height: Int(readUInt32(bytes, 4)), bitDepth: Int(bytes[8]),
            colorType: Int(bytes[9]), interlaced: bytes[12] == 1)
        try ImageDecoder.checkSize(header.width, header.height)
        guard bytes[12] <= 1 else { throw ImageDecodingError("the PNG interlace method is invalid") }
        let depths: [Int]
        switch header.colorType {
        case 0: depths = [1, 2, 4, 8, 16]
        case 3: depths = [1, 2, 4, 8]
        case 2, 4, 6: depths = [8, 16]
        default: throw ImageDecodingError("the PNG colour type is invalid")
        }
        guard depths.contains(header.bitDepth) else {
            throw ImageDecodingError(
                "the PNG bit depth \(header.bitDepth) is invalid for colour type \(header.colorType)")
        }
        return header
    }

    /// Undoes the filter of the row at `raw[at]` (its filter type, then its bytes).
    private static func unfilter(
        _ raw: [UInt8], at start: Int, into row: inout [UInt8], above: [UInt8], distance: Int
    ) throws(ImageDecodingError) {
        let filter = raw[start]
        let source = start + 1
        switch filter {
        case 0:
            for x in row.indices { row[x] = raw[source + x] }
        case 1:
            for x in row.indices {
                row[x] = raw[source + x] &+ (x >= distance ? row[x - distance] : 0)
            }
        case 2:
            for x in row.indices { row[x] = raw[source + x] &+ above[x] }
        case 3:
            for x in row.indices {
                let a = x >= distance ? Int(row[x - distance]) : 0
                row[x] = raw[source + x] &+ UInt8((a + Int(above[x])) / 2)
            }
        case 4:
            for x in row.indices {
                let a = x >= distance ? Int(row[x - distance]) : 0
                let c = x >= distance ? Int(above[x - distance]) : 0
                row[x] = raw[source + x] &+ UInt8(paeth(a, Int(above[x]), c))
            }
        default: throw ImageDecodingError("a PNG row has an unknown filter type \(filter)")
        }
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// One unfiltered row as 8-bit samples: 16-bit ones keep their high byte, grey below 8
    /// bits is scaled to 0...255, palette indexes stay indexes.
    private static func expand(_ row: [UInt8], _ header: Header, count: Int, into samples: inout [UInt8]) {
        switch header.bitDepth {
        case 8:
            for index in 0..<(count * header.channels) { samples[index] = row[index] }
        case 16:
            for index in 0..<(count * header.channels) { samples[index] = row[index * 2] }
        default:
            let scale = header.colorType == 3 ? 1 : 255 / ((1 << header.bitDepth) - 1)
            for index in 0..<count {
                samples[index] = UInt8(sample(row, index, depth: header.bitDepth) * scale)
            }
        }
    }

    /// Sample `index` of an unfiltered row, all `depth` bits of it (1, 2, 4, 8 or 16).
    private static func sample(_ row: [UInt8], _ index: Int, depth: Int) -> Int {
        switch depth {
        case 16: return Int(row[index * 2]) << 8 | Int(row[index * 2 + 1])
        case 8: return Int(row[index])
        default:
            let bit = index * depth
            return Int(row[bit >> 3]) >> (8 - depth - (bit & 7)) & ((1 << depth) - 1)
        }
    }

    /// The transparent colour a grey (one value) or RGB (three) file's `tRNS` names, as
    /// samples at the file's depth; none when the chunk is absent or the wrong size.
    private static func colourKey(_ chunk: [UInt8], _ header: Header) -> [Int] {
        let count = header.colorType == 0 ? 1 : header.colorType == 2 ? 3 : 0
        guard count > 0, chunk.count == count * 2 else { return [] }
        let mask = (1 << header.bitDepth) - 1
        return (0..<count).map { (Int(chunk[$0 * 2]) << 8 | Int(chunk[$0 * 2 + 1])) & mask }
    }

    /// Marks the pixels of an unfiltered row whose samples (all bits of them) are the key.
    private static func markKey(_ key: [Int], _ row: [UInt8], _ header: Header, into keyed: inout [Bool]) {
        for pixel in keyed.indices {
            keyed[pixel] = key.indices.allSatisfy {
                sample(row, pixel * key.count + $0, depth: header.bitDepth) == key[$0]
            }
        }
    }

    /// Writes one row of samples as RGB pixels from `start`, `step` pixels apart.
    private static func place(
        _ samples: [UInt8], _ header: Header, palette: [UInt8], paletteAlpha: [UInt8], keyed: [Bool],
        into pixels: inout [UInt8], start: Int, step: Int
    ) throws(ImageDecodingError) {
        let channels = header.channels
        for index in 0..<(samples.count / channels) {
            let base = index * channels
            var rgb: (Int, Int, Int)
            var alpha = 255
            switch header.colorType {
            case 0, 4:
                let grey = Int(samples[base])
                rgb = (grey, grey, grey)
                if channels == 2 { alpha = Int(samples[base + 1]) }
            case 3:
                let entry = Int(samples[base])
                guard entry * 3 + 2 < palette.count else {
                    throw ImageDecodingError("a PNG pixel indexes past its palette")
                }
                rgb = (Int(palette[entry * 3]), Int(palette[entry * 3 + 1]), Int(palette[entry * 3 + 2]))
                if entry < paletteAlpha.count { alpha = Int(paletteAlpha[entry]) }
            default:
                rgb = (Int(samples[base]), Int(samples[base + 1]), Int(samples[base + 2]))
                if channels == 4 { alpha = Int(samples[base + 3]) }
            }
            if !keyed.isEmpty, keyed[index] { alpha = 0 }
            let out = (start + index * step) * 3
            pixels[out] = overWhite(rgb.0, alpha)
            pixels[out + 1] = overWhite(rgb.1, alpha)
            pixels[out + 2] = overWhite(rgb.2, alpha)
        }
    }

    @inline(__always)
    static func overWhite(_ value: Int, _ alpha: Int) -> UInt8 {
        UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
    }

    static func readUInt32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
            | UInt32(bytes[at + 3])
    }
}
