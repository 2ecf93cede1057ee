/// The example tables of the JPEG standard (ITU-T T.81 Annex K): quantisation tables in natural
/// (row-major) order and the four Huffman tables as code-length counts plus symbols.
enum JPEGTables {
    static let luminanceQuant: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
        14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
        49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]

    static let chrominanceQuant: [Int] = [
        17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
        24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
        99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
    ]

    /// `zigzag[k]` is the natural index of the k-th coefficient in zig-zag order.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    static let dcLuminanceCounts: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    static let dcChrominanceCounts: [UInt8] = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
    static let dcSymbols: [UInt8] = Array(0...11)

    static let acLuminanceCounts: [UInt8] = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D]
    static let acChrominanceCounts: [UInt8] = [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77]

    /// The AC symbol lists start with these irregular heads; the rest of each list is every
    /// remaining (run << 4 | size) symbol with size 1...10, ascending.
    static let acLuminanceSymbols = acSymbols(head: [
        0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
        0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
        0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16,
    ])
    static let acChrominanceSymbols = acSymbols(head: [
        0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
        0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
        0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1,
    ])

    private static func acSymbols(head: [UInt8]) -> [UInt8] {
        let listed = Set(head)
        var symbols = head
        for run in 0..<16 {
            for size in 1...10 {
                let symbol = UInt8(run << 4 | size)
                if !listed.contains(symbol) { symbols.append(symbol) }
            }
        }
        return symbols
    }

    /// The quantisation table scaled for `quality` 1...100 the customary way (50 = as printed).
    static func scaled(_ table: [Int], quality: Int) -> [Int] {
        let quality = min(max(quality, 1), 100)
        let scale = quality < 50 ? 5000 / quality : 200 - quality * 2
        return table.map { min(max(($0 * scale + 50) / 100, 1), 255) }
    }
}

/// A Huffman table: the code and length for each symbol, built canonically from the counts.
struct JPEGHuffmanTable {
    let counts: [UInt8]
    let symbols: [UInt8]
    var codes = [UInt16](repeating: 0, count: 256)
    var lengths = [UInt8](repeating: 0, count: 256)

    init(counts: [UInt8], symbols: [UInt8]) {
        self.counts = counts
        self.symbols = symbols
        var code: UInt16 = 0
        var next = 0
        for length in 1...16 {
            for _ in 0..<Int(counts[length - 1]) {
                codes[Int(symbols[next])] = code
                lengths[Int(symbols[next])] = UInt8(length)
                code += 1
                next += 1
            }
            code <<= 1
        }
    }
}
