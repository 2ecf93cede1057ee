import DocumentStore
import PlatformSupport

/// Buffered writes to a file descriptor: a file opened for writing, or standard output.
/// Call `flush()` (or `close()`) when done; nothing is lost when the buffer fills.
public final class FileOutput: ByteOutput {
    private let file: FileDescriptor
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16

    private init(file: FileDescriptor, ownsDescriptor: Bool) {
        self.file = file
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(capacity)
    }

    /// Standard output; it is flushed but never closed.
    public static func standardOutput() -> FileOutput {
        FileOutput(file: .standardOutput, ownsDescriptor: false)
    }

    /// Creates or truncates the file at `path`.
    public convenience init(path: String) throws(ImportError) {
        let file: FileDescriptor
        do throws(FileError) {
            file = try FileDescriptor.open(path, .truncate)
        } catch {
            throw ImportError(file: path, message: "cannot write the file: \(error.reason)")
        }
        self.init(file: file, ownsDescriptor: true)
    }

    deinit {
        try? flush()
        if ownsDescriptor { file.close() }
    }

    public func write(_ bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out everything buffered so far.
    public func flush() throws {
        do throws(FileError) {
            try file.writeAll(buffer)
        } catch {
            throw ImportError(message: "cannot write the output: \(error.reason)")
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
