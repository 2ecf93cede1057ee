/// Baseline and progressive JPEG (Huffman-coded, 8-bit; one grey or three YCbCr or RGB components,
/// any sampling factors, restart intervals) to RGB. A baseline file's one interleaved scan is
/// transformed block by block as it is read; the scans of a progressive file, or of a
/// baseline one whose components come in separate scans, add to coefficients kept per
/// component for the whole image, transformed after the last scan. Lossless, hierarchical,
/// arithmetic-coded and CMYK files are refused with a message that says so.
struct JPEGDecoder {
    struct Component {
        var id: UInt8
        var h: Int
        var v: Int
        var quantTable: Int
        var dcTable = 0
        var acTable = 0
        var plane: [UInt8] = []
        var planeWidth = 0
        var predictor = 0
        /// Files of several scans: every block's coefficients (natural order), `blocksPerLine`
        /// blocks a row, as many rows as the MCUs cover.
        var coefficients: [Int16] = []
        var blocksPerLine = 0
    }

    var bytes: [UInt8]
    var position = 2
    var width = 0
    var height = 0
    var components: [Component] = []
    var quantTables = [[Int]](repeating: [Int](repeating: 1, count: 64), count: 4)
    var dcTables = [JPEGHuffmanDecoder?](repeating: nil, count: 4)
    var acTables = [JPEGHuffmanDecoder?](repeating: nil, count: 4)
    var restartInterval = 0
    var decodedScan = false
    /// A progressive frame (SOF2).
    var progressive = false
    /// The scans add to `Component.coefficients` (progressive, or separate baseline scans).
    var keepsCoefficients = false
    var coefficientScans = 0
    /// Coefficients the scans so far have covered, summed over their bands: a bound on the
    /// work a file of many scans can ask for.
    var coefficientWork = 0
    /// An APP0 `JFIF` segment: three components are YCbCr.
    var sawJFIF = false
    /// The colour transform of an APP14 `Adobe` segment: 0 stores RGB as it is, 1 YCbCr.
    var adobeTransform: UInt8?
    /// The EXIF orientation of an APP1 `Exif` segment (1 to 8; 1 when there is none).
    var orientation = 1

    static func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> RasterImage {
        var decoder = JPEGDecoder(bytes: bytes)
        try decoder.readSegments()
        // As the picture is shown: a phone's photo taken upright is stored sideways with an
        // orientation that says so.
        return try decoder.picture().oriented(exif: decoder.orientation)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func readSegments() throws(ImageDecodingError) {
        while !decodedScan {
            guard position + 4 <= bytes.count else {
                // A file cut short after a scan of several shows what its scans hold so far.
                if coefficientScans > 0 { break }
                throw ImageDecodingError("the JPEG file ends before its image data")
            }
            guard bytes[position] == 0xFF else {
                throw ImageDecodingError("the JPEG file has a damaged marker")
            }
            let marker = bytes[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            if marker == 0xD9, coefficientScans > 0 { break }  // EOI
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {  // stray RSTn, TEM: no length
                position += 2
                continue
            }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let start = position + 4
            guard length >= 2, start + length - 2 <= bytes.count else {
                throw ImageDecodingError("a JPEG segment runs past the file's end")
            }
            let segment = Array(bytes[start..<(start + length - 2)])
            position = start + length - 2
            try handle(marker, segment)
        }
        if keepsCoefficients {
            try transformCoefficients()
            decodedScan = true
        }
    }

    private mutating func handle(_ marker: UInt8, _ segment: [UInt8]) throws(ImageDecodingError) {
        switch marker {
        case 0xC0, 0xC1: try readFrame(segment)
        case 0xC2:
            try readFrame(segment)
            progressive = true
            keepsCoefficients = true
            allocateCoefficients()
        case 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
            throw ImageDecodingError(
                "lossless, hierarchical and arithmetic-coded JPEG files are not supported")
        case 0xC4: try readHuffmanTables(segment)
        case 0xDB: try readQuantTables(segment)
        case 0xDD:
            guard segment.count >= 2 else { throw ImageDecodingError("the JPEG restart interval is damaged") }
            restartInterval = Int(segment[0]) << 8 | Int(segment[1])
        case 0xDA:
            if !keepsCoefficients, !components.isEmpty, segment.first.map(Int.init) != components.count {
                // A baseline file whose components come in separate scans.
                keepsCoefficients = true
                allocateCoefficients()
            }
            if keepsCoefficients {
                try decodeCoefficientScan(try readCoefficientScanHeader(segment))
                coefficientScans += 1
            } else {
                try readScanHeader(segment)
                try decodeScan()
                decodedScan = true
            }
        case 0xE0:
            if segment.starts(with: Array("JFIF\u{0}".utf8)) { sawJFIF = true }
        case 0xE1:
            if let value = Self.exifOrientation(segment) { orientation = value }
        case 0xEE:
            if segment.count >= 12, segment.starts(with: Array("Adobe".utf8)) { adobeTransform = segment[11] }
        default: break  // other APPn, COM and the like
        }
    }

    /// Tag 0x0112 of the first image directory of an APP1 `Exif` segment, when it is 1 to 8.
    /// Every offset is checked against the segment; anything malformed is no orientation.
    static func exifOrientation(_ segment: [UInt8]) -> Int? {
        let header = Array("Exif\u{0}\u{0}".utf8)
        guard segment.count >= header.count + 8, segment.starts(with: header) else { return nil }
        let tiff = Array(segment[header.count...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true  // "II"
        case (0x4D, 0x4D): little = false  // "MM"
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func read32(_ at: Int) -> Int? {
            guard let first = read16(at), let second = read16(at + 2) else { return nil }
            return little ? first | second << 16 : first << 16 | second
        }
        guard read16(2) == 42, let directory = read32(4), let count = read16(directory) else { return nil }
        for index in 0..<min(count, 512) {
            let entry = directory + 2 + index * 12
            guard let tag = read16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT, one value, in the first two bytes of the value field.
            guard read16(entry + 2) == 3, let value = read16(entry + 8), (1...8).contains(value) else {
                return nil
            }
            return value
        }
        return nil
    }

    /// Whether three components hold R, G and B rather than YCbCr, decided as libjpeg does: a
    /// JFIF file is YCbCr; else an Adobe segment's transform says; else components named `R`,
    /// `G`, `B` are RGB.
    var storesRGB: Bool {
        guard components.count == 3, !sawJFIF else { return false }
        if let adobeTransform { return adobeTransform == 0 }
        return components.map(\.id) == Array("RGB".utf8)
    }

    private mutating func readFrame(_ segment: [UInt8]) throws(ImageDecodingError) {
        guard components.isEmpty else { throw ImageDecodingError("the JPEG file has two frame headers") }
        guard segment.count >= 6, segment[0] == 8 else {
            throw ImageDecodingError("only 8-bit JPEG files are supported")
        }
        height = Int(segment[1]) << 8 | Int(segment[2])
        width = Int(segment[3]) << 8 | Int(segment[4])
        try ImageDecoder.checkSize(width, height)
        let count = Int(segment[5])
        guard count == 1 || count == 3 else {
            throw ImageDecodingError("JPEG files with \(count) components (such as CMYK) are not supported")
        }
        guard segment.count >= 6 + count * 3 else {
            throw ImageDecodingError("the JPEG frame header is damaged")
        }
        for index in 0..<count {
            let base = 6 + index * 3
            let h = Int(segment[base + 1] >> 4)
            let v = Int(segment[base + 1] & 15)
            guard (1...4).contains(h), (1...4).contains(v), segment[base + 2] < 4 else {
                throw ImageDecodingError("the JPEG frame header is damaged")
            }
            components.append(Component(id: segment[base], h: h, v: v, quantTable: Int(segment[base + 2])))
        }
        if count == 1 {
            components[0].h = 1
            components[0].v = 1
        }
    }

    private mutating func readHuffmanTables(_ segment: [UInt8]) throws(ImageDecodingError) {
        var index = 0
        while index + 17 <= segment.count {
            let kind = segment[index] >> 4
            let id = Int(segment[index] & 15)
            let counts = Array(segment[(index + 1)..<(index + 17)])
            let total = counts.reduce(0) { $0 + Int($1) }
            guard id < 4, kind < 2, index + 17 + total <= segment.count else {
                throw ImageDecodingError("a JPEG Huffman table is damaged")
            }
            let table = JPEGHuffmanDecoder(
                counts: counts, symbols: Array(segment[(index + 17)..<(index + 17 + total)]))
            if kind == 0 { dcTables[id] = table } else { acTables[id] = table }
            index += 17 + total
        }
    }

    private mutating func readQuantTables(_ segment: [UInt8]) throws(ImageDecodingError) {
        var index = 0
        while index < segment.count {
            let wide = segment[index] >> 4 != 0
            let id = Int(segment[index] & 15)
            let size = wide ? 128 : 64
            guard id < 4, index + 1 + size <= segment.count else {
                throw ImageDecodingError("a JPEG quantisation table is damaged")
            }
            for k in 0..<64 {
                let value =
                    wide
                    ? Int(segment[index + 1 + 2 * k]) << 8 | Int(segment[index + 2 + 2 * k])
                    : Int(segment[index + 1 + k])
                quantTables[id][JPEGTables.zigzag[k]] = value
            }
            index += 1 + size
        }
    }

    private mutating func readScanHeader(_ segment: [UInt8]) throws(ImageDecodingError) {
        guard !components.isEmpty else {
            throw ImageDecodingError("the JPEG scan comes before its frame header")
        }
        guard let count = segment.first.map(Int.init), count == components.count,
            segment.count >= 1 + 2 * count
        else {
            throw ImageDecodingError("the JPEG scan header is damaged")
        }
        for index in 0..<count {
            let id = segment[1 + 2 * index]
            let tables = segment[2 + 2 * index]
            guard let slot = components.firstIndex(where: { $0.id == id }), tables >> 4 < 4, tables & 15 < 4
            else {
                throw ImageDecodingError("the JPEG scan header is damaged")
            }
            components[slot].dcTable = Int(tables >> 4)
            components[slot].acTable = Int(tables & 15)
        }
    }
}
