#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Searching bytes with the C library's `memchr` and `memcmp`.
package enum ByteSearch {
    /// Where `needle` first starts in `haystack` (memchr for its first byte, then memcmp).
    package static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress else {
            return nil
        }
        var offset = 0
        let last = haystack.count - needle.count
        return needle.withUnsafeBytes { needleBytes -> Int? in
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needleBytes.baseAddress!, needle.count) == 0 { return at }
                offset = at + 1
            }
            return nil
        }
    }

    /// Whether `byte` occurs in `bytes` (memchr).
    package static func contains(_ byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, Int32(byte), bytes.count) != nil
    }

    /// Whether the NUL-terminated `needle` occurs in the NUL-terminated `text` (libc's
    /// vectorised `strstr`; neither may hold a NUL before its end).
    package static func cStringContains(_ text: UnsafePointer<UInt8>, _ needle: UnsafePointer<UInt8>) -> Bool
    {
        text.withMemoryRebound(to: CChar.self, capacity: 1) { text in
            needle.withMemoryRebound(to: CChar.self, capacity: 1) { strstr(text, $0) != nil }
        }
    }

    /// libc's `strtod` of the number that starts at `start` and ends before the first byte that
    /// cannot continue it (a `,`, `}` or NUL), so the text needs no terminator of its own.
    package static func leadingDouble(at start: UnsafePointer<UInt8>) -> Double {
        start.withMemoryRebound(to: CChar.self, capacity: 1) { strtod($0, nil) }
    }
}
