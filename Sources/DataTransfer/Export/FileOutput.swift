import DocumentStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered writes to a file descriptor: a file opened for writing, or standard output.
/// Call `flush()` (or `close()`) when done; nothing is lost when the buffer fills.
public final class FileOutput: ByteOutput {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    private init(descriptor: Int32, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(capacity)
    }

    /// Standard output; it is flushed but never closed.
    public static func standardOutput() -> FileOutput {
        FileOutput(descriptor: 1, ownsDescriptor: false)
    }

    /// Creates or truncates the file at `path`.
    public convenience init(path: String) throws(ImportError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw ImportError(file: path, message: "cannot write the file: \(FileInput.errnoText())")
        }
        self.init(descriptor: descriptor, ownsDescriptor: true)
    }

    deinit {
        try? flush()
        if ownsDescriptor { _ = systemClose(descriptor) }
    }

    public func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out everything buffered so far.
    public func flush() throws {
        var written = 0
        while written < buffer.count {
            let result = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + written, raw.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw ImportError(message: "cannot write the output: \(FileInput.errnoText())")
            }
            written += result
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
    #else
        Darwin.write(descriptor, pointer, count)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}
