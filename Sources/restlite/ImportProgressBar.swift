#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows an import's progress on standard error: a bar redrawn in place on a terminal,
/// a plain line every 10 % otherwise. Small files (under `threshold` rows) show nothing.
final class ImportProgressBar {
    private let isTerminal = isatty(2) != 0
    private let threshold: Int
    private var lastShown = -1

    init(threshold: Int = 5000) {
        self.threshold = threshold
    }

    func update(done: Int, total: Int) {
        guard total >= threshold else { return }
        let percent = total == 0 ? 100 : done * 100 / total
        if isTerminal {
            let filled = percent * 30 / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
            StandardError.write("\r[\(bar)] \(percent)% \(done)/\(total) rows" + (done == total ? "\n" : ""))
        } else if percent / 10 != lastShown / 10 || done == total {
            StandardError.write("imported \(done) of \(total) rows (\(percent)%)\n")
        }
        lastShown = percent
    }
}

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
