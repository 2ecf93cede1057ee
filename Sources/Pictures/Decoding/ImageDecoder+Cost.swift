/// What decoding a file would cost in memory, read from its header alone, so a server can
/// refuse a picture before it spends the memory (a small file may declare a huge picture).
extension ImageDecoder {
    /// Bytes `decode` holds at its peak for `bytes`, estimated from the header (within a small
    /// factor, erring high): the file, the decompressed rows or coefficients, and the RGB
    /// picture. Nil when the header cannot be read (`decode` then says what is wrong).
    ///
    /// ```swift
    /// if let cost = ImageDecoder.estimatedMemory(of: bytes), cost > budget { refuse() }
    /// ```
    public static func estimatedMemory(of bytes: [UInt8]) -> Int? {
        let size: (width: Int, height: Int, working: Int)?
        switch ImageFormat.sniff(bytes) {
        case .png: size = pngWorkingBytes(bytes)
        case .gif: size = gifWorkingBytes(bytes)
        case .jpeg: size = jpegWorkingBytes(bytes)
        case .bmp, nil: size = nil
        }
        guard let size else { return nil }
        return bytes.count + size.working + size.width * size.height * 3
    }

    /// IHDR comes first in every PNG: the inflated rows are one filter byte plus the packed
    /// samples per row (Adam7 adds a few bytes a row; a row per pass is counted for it).
    private static func pngWorkingBytes(_ bytes: [UInt8]) -> (Int, Int, Int)? {
        guard bytes.count >= 29, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        let width = Int(readBigEndian(bytes, 16, 4))
        let height = Int(readBigEndian(bytes, 20, 4))
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(bytes[25])] ?? 4
        let bits = max(1, Int(bytes[24])) * channels
        let rows = (width * bits + 7) / 8 + 1
        return (width, height, rows * height + (bytes[28] == 1 ? 7 * 2 * rows : 0))
    }

    /// The logical screen: one index a pixel, then RGB.
    private static func gifWorkingBytes(_ bytes: [UInt8]) -> (Int, Int, Int)? {
        guard bytes.count >= 10 else { return nil }
        let width = Int(bytes[6]) | Int(bytes[7]) << 8
        let height = Int(bytes[8]) | Int(bytes[9]) << 8
        return (width, height, width * height)
    }

    /// The frame header (SOFn): a byte a sample per component plane (padded to whole 16-pixel
    /// blocks), and for progressive files two bytes a coefficient kept for the whole picture,
    /// plus the upsampled planes the colour conversion reads.
    private static func jpegWorkingBytes(_ bytes: [UInt8]) -> (Int, Int, Int)? {
        var position = 2
        while position + 9 < bytes.count {
            guard bytes[position] == 0xFF else { return nil }
            let marker = bytes[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            let length = Int(readBigEndian(bytes, position + 2, 2))
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = Int(readBigEndian(bytes, position + 5, 2))
                let width = Int(readBigEndian(bytes, position + 7, 2))
                let components = Int(bytes[position + 9])
                let padded = (width + 16) * (height + 16)
                let perSample = marker == 0xC0 || marker == 0xC1 ? 1 : 3
                return (width, height, components * padded * perSample + 3 * width * height)
            }
            position += 2 + length
        }
        return nil
    }

    private static func readBigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt32 {
        (0..<count).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }
}
