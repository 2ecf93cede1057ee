/// The width and height a file's own header states, read without a decoder: the tests' fallback
/// check when Pillow is missing, and a second opinion when it is not. A test oracle kept here,
/// beside the coders, for the tests of every module (`package` access); the product never calls it.
package enum HeaderSize {
    package static func of(_ bytes: [UInt8], format: ImageFormat) -> (Int, Int)? {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le32(_ i: Int) -> Int { le16(i) | le16(i + 2) << 16 }
        switch format {
        case .png:
            guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
            return (be32(16), be32(20))
        case .gif:
            guard bytes.count > 10, bytes.starts(with: Array("GIF89a".utf8)), bytes.last == 0x3B else {
                return nil
            }
            return (le16(6), le16(8))
        case .bmp:
            guard bytes.count > 26, bytes.starts(with: Array("BM".utf8)), le32(2) == bytes.count else {
                return nil
            }
            return (le32(18), le32(22))
        case .jpeg:
            guard bytes.starts(with: [0xFF, 0xD8]), bytes.suffix(2) == [0xFF, 0xD9] else { return nil }
            var index = 2
            while index + 9 < bytes.count, bytes[index] == 0xFF {
                if bytes[index + 1] == 0xC0 { return (be16(index + 7), be16(index + 5)) }
                index += 2 + be16(index + 2)
            }
            return nil
        }
    }
}
