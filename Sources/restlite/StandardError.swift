import PlatformSupport

/// Writes messages to standard error (progress and prompts stay off standard output, which
/// may be a pipe carrying data).
enum StandardError {
    static func write(_ text: String) { write(text, descriptor: 2) }

    /// Writes all of `text` to `descriptor` at once, unbuffered (so a reader of a pipe sees it
    /// before the process blocks).
    static func write(_ text: String, descriptor: Int32) {
        try? FileDescriptor(rawValue: descriptor, path: "descriptor \(descriptor)").writeAll(Array(text.utf8))
    }
}
