#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes messages to standard error (progress and prompts stay off standard output, which
/// may be a pipe carrying data).
enum StandardError {
    static func write(_ text: String) { write(text, descriptor: 2) }

    /// Writes all of `text` to `descriptor` at once, unbuffered (so a reader of a pipe sees it
    /// before the process blocks).
    static func write(_ text: String, descriptor: Int32) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, pointer, count)
        #else
            Darwin.write(descriptor, pointer, count)
        #endif
    }
}
