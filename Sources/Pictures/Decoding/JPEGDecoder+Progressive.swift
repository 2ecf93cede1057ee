/// Progressive JPEG (T.81 Annex G, Huffman-coded): each scan carries part of the
/// coefficients, a band of the zig-zag order (spectral selection) and/or some of their bits
/// (successive approximation). The scans add to coefficients kept per component for the
/// whole image; after the last one they are dequantised and transformed into the planes.
/// A baseline file whose components come in separate scans is read the same way, each scan
/// carrying whole blocks.
extension JPEGDecoder {
    struct CoefficientScan {
        var components: [Int]
        /// A baseline scan: every coefficient of each block at once.
        var sequential = false
        /// The band of zig-zag positions, `start...end` (0...0 is the DC scan).
        var start: Int
        var end: Int
        /// Successive approximation: the bit position of the previous scan (0: the first) and
        /// of this one.
        var previousBit: Int
        var bit: Int
    }

    private var maxH: Int { components.map(\.h).max() ?? 1 }
    private var maxV: Int { components.map(\.v).max() ?? 1 }
    private var mcusX: Int { (width + 8 * maxH - 1) / (8 * maxH) }
    private var mcusY: Int { (height + 8 * maxV - 1) / (8 * maxV) }

    mutating func allocateCoefficients() {
        for index in components.indices {
            let blocksPerLine = mcusX * components[index].h
            components[index].blocksPerLine = blocksPerLine
            components[index].coefficients = [Int16](
                repeating: 0, count: blocksPerLine * mcusY * components[index].v * 64)
        }
    }

    mutating func readCoefficientScanHeader(_ segment: [UInt8]) throws(ImageDecodingError) -> CoefficientScan
    {
        guard !components.isEmpty else {
            throw ImageDecodingError("the JPEG scan comes before its frame header")
        }
        guard let count = segment.first.map(Int.init), (1...components.count).contains(count),
            segment.count >= 4 + 2 * count
        else {
            throw ImageDecodingError("the JPEG scan header is damaged")
        }
        // A baseline scan's band and bits (0...63, 0, 0) are fixed: what the file says is ignored.
        var scan =
            progressive
            ? CoefficientScan(
                components: [], start: Int(segment[1 + 2 * count]), end: Int(segment[2 + 2 * count]),
                previousBit: Int(segment[3 + 2 * count] >> 4), bit: Int(segment[3 + 2 * count] & 15))
            : CoefficientScan(components: [], sequential: true, start: 0, end: 63, previousBit: 0, bit: 0)
        for index in 0..<count {
            let id = segment[1 + 2 * index]
            let tables = segment[2 + 2 * index]
            guard let slot = components.firstIndex(where: { $0.id == id }), !scan.components.contains(slot),
                tables >> 4 < 4, tables & 15 < 4
            else {
                throw ImageDecodingError("the JPEG scan header is damaged")
            }
            components[slot].dcTable = Int(tables >> 4)
            components[slot].acTable = Int(tables & 15)
            scan.components.append(slot)
        }
        // DC scans may interleave components; AC scans (a band after DC) hold one component.
        let band =
            scan.sequential
            || (scan.start == 0 ? scan.end == 0 : scan.start <= scan.end && scan.end <= 63 && count == 1)
        guard band, scan.bit <= 13, scan.previousBit <= 13 else {
            throw ImageDecodingError("the JPEG progressive scan header is damaged")
        }
        return scan
    }

    /// More scans than any file needs (libjpeg's progression uses 10), refused.
    static let maxScans = 256

    /// Reads one scan's entropy-coded data into the components' coefficients, then moves to
    /// the marker after it.
    mutating func decodeCoefficientScan(_ scan: CoefficientScan) throws(ImageDecodingError) {
        // Each coefficient is sent in at most 14 scans (a first one and 13 refinements); a file
        // that asks for more work than 16 a coefficient, or for very many scans, is refused.
        let blocks = scan.components.reduce(0) { $0 + components[$1].coefficients.count / 64 }
        coefficientWork += blocks * (scan.end - scan.start + 1)
        let budget = components.reduce(0) { $0 + $1.coefficients.count } * 16
        guard coefficientScans < Self.maxScans, coefficientWork <= budget else {
            throw ImageDecodingError("the JPEG file has more scans than a picture needs")
        }
        var dc: [JPEGHuffmanDecoder?] = []
        var ac: [JPEGHuffmanDecoder?] = []
        for index in scan.components {
            dc.append(dcTables[components[index].dcTable])
            ac.append(acTables[components[index].acTable])
            // A DC refinement reads bare bits; every other scan decodes with a table (a
            // baseline scan with two).
            let table = scan.start > 0 ? ac[ac.count - 1] : dc[dc.count - 1]
            guard table != nil || (scan.start == 0 && scan.previousBit > 0),
                !scan.sequential || ac[ac.count - 1] != nil
            else {
                throw ImageDecodingError("the JPEG scan uses a Huffman table it never defined")
            }
        }
        var state = ScanState(
            reader: JPEGBitReader(bytes: bytes, position: position), scan: scan, dc: dc, ac: ac)
        // Coefficients move out of `components` for the scan, so that no copy is made.
        var stores = scan.components.map { components[$0].coefficients }
        for index in scan.components { components[index].coefficients = [] }
        defer {
            for (slot, index) in scan.components.enumerated() {
                components[index].coefficients = stores[slot]
            }
        }
        if scan.components.count == 1 {
            // Not interleaved: one block an MCU, only the blocks covering the component.
            let component = components[scan.components[0]]
            let blocksX = ((width * component.h + maxH - 1) / maxH + 7) / 8
            let blocksY = ((height * component.v + maxV - 1) / maxV + 7) / 8
            for block in 0..<(blocksX * blocksY) {
                state.restartIfDue(block, interval: restartInterval)
                let offset = ((block / blocksX) * component.blocksPerLine + block % blocksX) * 64
                try state.decodeBlock(0, into: &stores[0], at: offset)
            }
        } else {
            for mcu in 0..<(mcusX * mcusY) {
                state.restartIfDue(mcu, interval: restartInterval)
                for (slot, index) in scan.components.enumerated() {
                    let component = components[index]
                    for v in 0..<component.v {
                        for h in 0..<component.h {
                            let row = (mcu / mcusX) * component.v + v
                            let column = (mcu % mcusX) * component.h + h
                            try state.decodeBlock(
                                slot, into: &stores[slot], at: (row * component.blocksPerLine + column) * 64)
                        }
                    }
                }
            }
        }
        position = state.reader.position
        // Whatever the reader left (padding, a damaged tail) up to the next marker is skipped.
        while position + 1 < bytes.count,
            !(bytes[position] == 0xFF && bytes[position + 1] != 0 && bytes[position + 1] != 0xFF)
        {
            position += 1
        }
    }

    /// After the last scan: dequantises and transforms every block into its component's plane.
    mutating func transformCoefficients() throws(ImageDecodingError) {
        let idct = JPEGInverseDCT.shared
        var block = [Int](repeating: 0, count: 64)
        for index in components.indices {
            let component = components[index]
            let planeWidth = component.blocksPerLine * 8
            var plane = [UInt8](repeating: 0, count: component.coefficients.count)
            let quant = quantTables[component.quantTable]
            for blockIndex in 0..<(component.coefficients.count / 64) {
                let base = blockIndex * 64
                for k in 0..<64 { block[k] = Int(component.coefficients[base + k]) }
                let x = (blockIndex % component.blocksPerLine) * 8
                let y = (blockIndex / component.blocksPerLine) * 8
                idct.transform(
                    block, quant: quant, into: &plane, offset: y * planeWidth + x, stride: planeWidth)
            }
            components[index].coefficients = []
            components[index].plane = plane
            components[index].planeWidth = planeWidth
        }
    }
}

/// The reader and the per-scan state of one progressive scan: DC predictors and the run of
/// blocks left that end early (end-of-band run).
private struct ScanState {
    var reader: JPEGBitReader
    let scan: JPEGDecoder.CoefficientScan
    let dc: [JPEGHuffmanDecoder?]
    let ac: [JPEGHuffmanDecoder?]
    var predictors: [Int]
    var endOfBandRun = 0

    init(
        reader: JPEGBitReader, scan: JPEGDecoder.CoefficientScan, dc: [JPEGHuffmanDecoder?],
        ac: [JPEGHuffmanDecoder?]
    ) {
        self.reader = reader
        self.scan = scan
        self.dc = dc
        self.ac = ac
        predictors = [Int](repeating: 0, count: scan.components.count)
    }

    mutating func restartIfDue(_ unit: Int, interval: Int) {
        guard interval > 0, unit > 0, unit % interval == 0 else { return }
        reader.restart()
        for slot in predictors.indices { predictors[slot] = 0 }
        endOfBandRun = 0
    }

    mutating func decodeBlock(_ slot: Int, into store: inout [Int16], at offset: Int)
        throws(ImageDecodingError)
    {
        if scan.sequential {
            try wholeBlock(slot, into: &store, at: offset)
        } else if scan.start == 0 {
            if scan.previousBit == 0 {
                guard let table = dc[slot] else { return }
                predictors[slot] += try JPEGDecoder.decodeDCDifference(&reader, table)
                store[offset] = Int16(clamping: predictors[slot] * (1 << scan.bit))
            } else if reader.bit() == 1 {
                store[offset] |= Int16(truncatingIfNeeded: 1 << scan.bit)
            }
        } else if scan.previousBit == 0 {
            try firstBand(into: &store, at: offset)
        } else {
            try refineBand(into: &store, at: offset)
        }
    }

    /// A baseline block: the DC difference, then run-length coded AC values to the end.
    private mutating func wholeBlock(_ slot: Int, into store: inout [Int16], at offset: Int)
        throws(ImageDecodingError)
    {
        guard let dcTable = dc[slot], let acTable = ac[slot] else { return }
        try JPEGDecoder.decodeSequentialBlock(&reader, dc: dcTable, ac: acTable, predictor: &predictors[slot])
        {
            store[offset + $0] = Int16(clamping: $1)
        }
    }

    /// The first pass over a band: run-length coded values, scaled by `1 << bit`.
    private mutating func firstBand(into store: inout [Int16], at offset: Int) throws(ImageDecodingError) {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        guard let table = ac[0] else { return }
        var k = scan.start
        while k <= scan.end {
            let symbol = Int(try table.decode(&reader))
            let run = symbol >> 4
            let size = symbol & 15
            if size == 0 {
                if run == 15 {
                    k += 16
                    continue
                }
                endOfBandRun = (1 << run) - 1 + reader.bits(run)
                return
            }
            k += run
            guard k <= scan.end else { throw ImageDecodingError("the JPEG image data is damaged") }
            let value = try reader.receiveExtended(size)
            store[offset + JPEGTables.zigzag[k]] = Int16(clamping: value * (1 << scan.bit))
            k += 1
        }
    }

    /// A later pass over a band: one more bit of each coefficient already non-zero, and new
    /// coefficients of ±(1 << bit) placed among the zero ones.
    private mutating func refineBand(into store: inout [Int16], at offset: Int) throws(ImageDecodingError) {
        let plus = 1 << scan.bit
        var k = scan.start
        if endOfBandRun == 0 {
            guard let table = ac[0] else { return }
            while k <= scan.end {
                let symbol = Int(try table.decode(&reader))
                var zeros = symbol >> 4
                let size = symbol & 15
                var value = 0
                if size == 1 {
                    value = reader.bit() == 1 ? plus : -plus
                } else if size != 0 {
                    throw ImageDecodingError("the JPEG image data is damaged")
                } else if zeros != 15 {
                    endOfBandRun = (1 << zeros) + reader.bits(zeros)
                    break
                }
                // Skip `zeros` zero coefficients (refining the non-zero ones passed), then
                // place `value` at the next zero one; 15/0 skips sixteen zeros.
                while k <= scan.end {
                    let position = offset + JPEGTables.zigzag[k]
                    if store[position] != 0 {
                        refine(&store[position], plus)
                    } else if zeros == 0 {
                        if value != 0 { store[position] = Int16(value) }
                        break
                    } else {
                        zeros -= 1
                    }
                    k += 1
                }
                guard k <= scan.end || value == 0 else {
                    throw ImageDecodingError("the JPEG image data is damaged")
                }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            // The rest of the band has no new coefficients: refine the non-zero ones.
            while k <= scan.end {
                let position = offset + JPEGTables.zigzag[k]
                if store[position] != 0 { refine(&store[position], plus) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    private mutating func refine(_ coefficient: inout Int16, _ plus: Int) {
        guard reader.bit() == 1, Int(coefficient) & plus == 0 else { return }
        coefficient = Int16(clamping: Int(coefficient) + (coefficient > 0 ? plus : -plus))
    }
}
