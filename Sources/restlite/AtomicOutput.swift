import DataTransfer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
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
        defer { unlink(temporary) }
        let result: T
        do {
            let output = try FileOutput(path: temporary)
            result = try body(output)
            try output.flush()
        }
        if let final {
            guard rename(temporary, final.path) == 0 else {
                throw CommandFailure("cannot write \(final.path): \(String(cString: strerror(errno)))")
            }
        } else {
            try copyToStandardOutput(temporary)
        }
        return result
    }

    private static func copyToStandardOutput(_ path: String) throws {
        let input = open(path, O_RDONLY)
        guard input >= 0 else { throw CommandFailure("cannot read back the export from \(path)") }
        defer { close(input) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(input, &chunk, chunk.count)
            if count == 0 { return }
            guard count > 0 else { throw CommandFailure("cannot read back the export from \(path)") }
            var written = 0
            while written < count {
                let result = chunk[written..<count].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                guard result > 0 else {
                    throw CommandFailure(
                        "cannot write to standard output: \(String(cString: strerror(errno)))")
                }
                written += result
            }
        }
    }
}
