import DataTransfer
import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Output that appears whole or not at all. A file is written under a temporary name beside
/// it and renamed into place once complete, so a failed export leaves no empty or partial
/// file (and an older file of that name stays as it was). Standard output gets the bytes
/// only once all of them are made: they go to a temporary file first.
enum AtomicOutput {
    static func whole<T>(to path: String?, _ body: (FileOutput) throws -> T) throws -> T {
        let final = path.map { URL(fileURLWithPath: $0) }
        let folder =
            final?.deletingLastPathComponent()
            ?? URL(
                fileURLWithPath: ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp", isDirectory: true)
        let name =
            ".\(final?.lastPathComponent ?? "restlite-export").\(UInt64.random(in: 0...UInt64.max)).part"
        let temporary = folder.appendingPathComponent(name).path
        defer { FileSystem.unlink(temporary) }
        let result: T
        do {
            let output = try FileOutput(path: temporary)
            result = try body(output)
            try output.flush()
        }
        if let final {
            do throws(FileError) {
                try FileSystem.rename(temporary, to: final.path)
            } catch {
                throw CommandFailure("cannot write \(final.path): \(error.reason)")
            }
        } else {
            try copyToStandardOutput(temporary)
        }
        return result
    }

    private static func copyToStandardOutput(_ path: String) throws {
        let input: FileDescriptor
        do throws(FileError) {
            input = try FileDescriptor.open(path, .read)
        } catch {
            throw CommandFailure("cannot read back the export from \(path)")
        }
        defer { input.close() }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count: Int
            do throws(FileError) {
                count = try input.read(into: chunk)
            } catch {
                throw CommandFailure("cannot read back the export from \(path)")
            }
            if count == 0 { return }
            do throws(FileError) {
                try FileDescriptor.standardOutput.writeAll(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            } catch {
                throw CommandFailure("cannot write to standard output: \(error.reason)")
            }
        }
    }
}
