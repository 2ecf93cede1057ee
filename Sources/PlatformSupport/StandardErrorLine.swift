#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One line on standard error in one unbuffered `write`, so lines from several threads never
/// interleave (the server's notes, such as an automatic index built).
package enum StandardErrorLine {
    package static func emit(_ line: String) {
        let text = line.hasSuffix("\n") ? line : line + "\n"
        _ = text.withCString { pointer in write(2, pointer, strlen(pointer)) }
    }
}
