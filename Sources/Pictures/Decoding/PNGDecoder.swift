/// PNG (8-bit samples; grey, grey+alpha, RGB, RGBA or palette; not interlaced) to RGB,
/// transparency laid over white.
enum PNGDecoder {
    private struct Header {
        var width = 0
        var height = 0
        var colorType = 0
        var channels: Int {
            switch colorType {
            case 0, 3: 1
            case 4: 2
            case 2: 3
            default: 4
            }
        }
    }

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
        let rowBytes = header.width * header.channels
        let raw = try Inflate.zlib(compressed, limit: (rowBytes + 1) * header.height)
        let samples = try unfilter(raw, rowBytes: rowBytes, height: header.height, bpp: header.channels)
        return try toRGB(samples, header, palette: palette, paletteAlpha: paletteAlpha)
    }

    private static func readHeader(_ data: ArraySlice<UInt8>) throws(ImageDecodingError) -> Header {
        let bytes = Array(data)
        guard bytes.count == 13 else { throw ImageDecodingError("the PNG header is damaged") }
        let header = Header(
            width: Int(readUInt32(bytes, 0)), height: Int(readUInt32(bytes, 4)), colorType: Int(bytes[9]))
        try ImageDecoder.checkSize(header.width, header.height)
        guard bytes[12] == 0 else {
            throw ImageDecodingError(
                "interlaced (Adam7) PNG files are not supported; save the picture without interlacing")
        }
        guard bytes[8] == 8 else {
            throw ImageDecodingError(
                "PNG files with \(bytes[8])-bit samples are not supported; only 8-bit ones are")
        }
        guard [0, 2, 3, 4, 6].contains(header.colorType) else {
            throw ImageDecodingError("the PNG colour type is invalid")
        }
        return header
    }

    private static func unfilter(_ raw: [UInt8], rowBytes: Int, height: Int, bpp: Int)
        throws(ImageDecodingError)
        -> [UInt8]
    {
        guard raw.count >= (rowBytes + 1) * height else {
            throw ImageDecodingError("the PNG image data is too short")
        }
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            let source = y * (rowBytes + 1) + 1
            let row = y * rowBytes
            for x in 0..<rowBytes {
                let a = x >= bpp ? Int(out[row + x - bpp]) : 0
                let b = y > 0 ? Int(out[row - rowBytes + x]) : 0
                let c = x >= bpp && y > 0 ? Int(out[row - rowBytes + x - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4: predictor = paeth(a, b, c)
                default: throw ImageDecodingError("a PNG row has an unknown filter type \(filter)")
                }
                out[row + x] = UInt8(truncatingIfNeeded: Int(raw[source + x]) + predictor)
            }
        }
        return out
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    private static func toRGB(_ samples: [UInt8], _ header: Header, palette: [UInt8], paletteAlpha: [UInt8])
        throws(ImageDecodingError) -> RasterImage
    {
        let count = header.width * header.height
        var pixels = [UInt8](repeating: 0, count: count * 3)
        let channels = header.channels
        for index in 0..<count {
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
            pixels[index * 3] = overWhite(rgb.0, alpha)
            pixels[index * 3 + 1] = overWhite(rgb.1, alpha)
            pixels[index * 3 + 2] = overWhite(rgb.2, alpha)
        }
        return RasterImage(width: header.width, height: header.height, pixels: pixels)
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
