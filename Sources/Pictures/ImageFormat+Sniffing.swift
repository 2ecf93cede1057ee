extension ImageFormat {
    /// The format a file's first bytes announce (its magic number), or nil when they announce
    /// none of JPEG, PNG, GIF or BMP. What a client claims a file is never decides this.
    ///
    /// ```swift
    /// ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])  // .png
    /// ```
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.starts(with: Array("BM".utf8)), head.count >= 6 { return .bmp }
        return nil
    }
}
