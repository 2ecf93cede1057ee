import Foundation
import Testing

@testable import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FileDescriptor`'s positioned writes, truncation and `flock` locks (a data folder's lock file).
@Suite struct FileLockAndPositionTests {
    private func withFile<T>(_ body: (String) throws -> T) throws -> T {
        let folder = NSTemporaryDirectory() + "/restlite-lock-\(UInt64.random(in: 0...UInt64.max))"
        try FileSystem.makeDirectory(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder + "/file")
    }

    @Test func writeAtAnOffsetLeavesThePositionAndTruncateCuts() throws {
        try withFile { path in
            let file = try FileDescriptor.open(path, .readWriteCreate)
            defer { file.close() }
            try file.writeAll(Array("0123456789".utf8))
            try file.write(Array("ab".utf8), at: 2)
            try file.writeAll(Array("X".utf8))  // the position is still after the first write
            #expect(try FileSystem.readFile(path) == Array("01ab456789X".utf8))
            try file.truncate(to: 3)
            #expect(try FileSystem.readFile(path) == Array("01a".utf8))
            try file.write(Array("end".utf8), at: 5)  // past the end: a hole of zeros
            #expect(try FileSystem.readFile(path) == Array("01a".utf8) + [0, 0] + Array("end".utf8))
        }
    }

    @Test func anExclusiveLockKeepsOtherOpeningsOutUntilItIsReleased() throws {
        try withFile { path in
            // flock belongs to an open file description, so two opens in one process contend.
            let holder = try FileDescriptor.open(path, .readWriteCreate)
            let other = try FileDescriptor.open(path, .read)
            defer { other.close() }
            #expect(try holder.tryLock(.exclusive))
            #expect(try other.tryLock(.shared) == false)
            #expect(try other.tryLock(.exclusive) == false)
            holder.unlock()
            #expect(try other.tryLock(.shared))
            #expect(try holder.tryLock(.exclusive) == false)  // a shared holder excludes it
            #expect(try holder.tryLock(.shared))  // shared ones do not exclude each other
            holder.close()
            other.unlock()
            let third = try FileDescriptor.open(path, .read)
            defer { third.close() }
            #expect(try third.tryLock(.exclusive))  // closing released the holder's lock
        }
    }

    @Test func lockAndWriteFailuresAreFileErrors() throws {
        try withFile { path in
            try FileSystem.writeNewFile(Array("x".utf8), to: path)
            let reader = try FileDescriptor.open(path, .read)
            defer { reader.close() }
            let error = #expect(throws: FileError.self) { try reader.write(Array("y".utf8), at: 0) }
            #expect(error?.call == "pwrite" && error?.code == EBADF && error?.path == path)
            let cut = #expect(throws: FileError.self) { try reader.truncate(to: 0) }
            #expect(cut?.call == "ftruncate")
            let closed = FileDescriptor(rawValue: -1, path: "nothing")
            let lock = #expect(throws: FileError.self) { try closed.tryLock(.exclusive) }
            #expect(lock?.call == "flock" && lock?.code == EBADF)
        }
    }

    @Test func aPipeIsNoTerminalAndAPseudoTerminalIsOne() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { _ = close($0) } }
        #expect(!FileDescriptor(rawValue: ends[0], path: "pipe").isTerminal)
        #expect(!FileDescriptor(rawValue: -1, path: "nothing").isTerminal)
        // A pseudo-terminal, where the machine offers them (containers may not).
        let primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard primary >= 0 else { return }
        defer { _ = close(primary) }
        #expect(FileDescriptor(rawValue: primary, path: "pty").isTerminal)
    }
}
