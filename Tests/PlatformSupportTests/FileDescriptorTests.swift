import Dispatch
import Foundation
import Testing

@testable import PlatformSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh folder under the temporary directory, removed when the test ends.
private func withFolder<T>(_ body: (String) throws -> T) throws -> T {
    let path = NSTemporaryDirectory() + "/restlite-fd-\(UInt64.random(in: 0...UInt64.max))"
    try FileSystem.makeDirectory(path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// Bytes that differ from place to place, so a piece written twice or skipped shows.
private func pattern(count: Int) -> [UInt8] {
    var random = SplitMix64(seed: 24)
    return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
}

@Suite struct FileDescriptorTests {
    @Test func writeAllOfALargeBufferComesBackWhole() throws {
        try withFolder { folder in
            let path = folder + "/large"
            let bytes = pattern(count: (3 << 20) + 7)
            let file = try FileDescriptor.open(path, .createExclusive)
            try file.writeAll(bytes)
            try file.sync()
            file.close()
            #expect(try FileSystem.status(path).size == bytes.count)
            #expect(try FileSystem.readFile(path) == bytes)
            let reader = try FileDescriptor.open(path, .read)
            defer { reader.close() }
            #expect(try reader.read(at: 1 << 20, count: 100) == Array(bytes[(1 << 20)..<((1 << 20) + 100)]))
            // Past the end: only what is there.
            #expect(try reader.read(at: bytes.count - 3, count: 100) == Array(bytes.suffix(3)))
        }
    }

    @Test func writeAllThroughAPipeWhoseBufferIsSmallerDeliversEveryByte() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let bytes = pattern(count: 1 << 20)
        let reader = FileDescriptor(rawValue: ends[0], path: "pipe")
        let writer = FileDescriptor(rawValue: ends[1], path: "pipe")
        let received = LockedBytes()
        let done = DispatchSemaphore(value: 0)
        PosixThread.spawn(name: "pipe-reader") {
            received.set((try? reader.readToEnd()) ?? [])
            done.signal()
        }
        try writer.writeAll(bytes)
        writer.close()
        #expect(done.wait(timeout: .now() + 60) == .success)
        reader.close()
        #expect(received.get() == bytes)
    }

    @Test func readingAWholeFileIsBounded() throws {
        try withFolder { folder in
            let path = folder + "/bounded"
            try FileSystem.writeNewFile(pattern(count: 100_000), to: path)
            #expect(try FileSystem.readFile(path, limit: 100_000).count == 100_000)
            let error = #expect(throws: FileError.self) { try FileSystem.readFile(path, limit: 99_999) }
            #expect(error?.call == "read")
            #expect(error?.code == EFBIG)
            #expect(error?.path == path)
        }
    }

    @Test func createExclusiveRefusesAnExistingFileAndLeavesIt() throws {
        try withFolder { folder in
            let path = folder + "/taken"
            try FileSystem.writeNewFile(Array("first".utf8), to: path)
            let error = #expect(throws: FileError.self) { try FileDescriptor.open(path, .createExclusive) }
            #expect(error?.call == "open")
            #expect(error?.code == EEXIST)
            #expect(try FileSystem.readFile(path) == Array("first".utf8))
            // Truncate empties it and writes from the start.
            let file = try FileDescriptor.open(path, .truncate)
            try file.writeAll(Array("2nd".utf8))
            file.close()
            #expect(try FileSystem.readFile(path) == Array("2nd".utf8))
        }
    }

    @Test func errorsCarryTheCallThePathAndErrnoText() throws {
        try withFolder { folder in
            let path = folder + "/missing"
            let error = #expect(throws: FileError.self) { try FileSystem.readFile(path) }
            #expect(error?.code == ENOENT)
            #expect(error?.isMissing == true)
            #expect(error?.reason == String(cString: strerror(ENOENT)))
            #expect(error?.reason.isEmpty == false)
            let text = error?.description ?? ""
            #expect(text.contains("open") && text.contains(path))
            #expect(text.contains(String(cString: strerror(ENOENT))))
            let renamed = #expect(throws: FileError.self) {
                try FileSystem.rename(path, to: folder + "/other")
            }
            #expect(renamed?.call == "rename" && renamed?.code == ENOENT)
            let notFolder = #expect(throws: FileError.self) { try FileSystem.status(path + "/below") }
            #expect(notFolder?.call == "stat")
        }
    }

    @Test func pathHelpersRenameUnlinkListAndStat() throws {
        try withFolder { folder in
            try FileSystem.makeDirectory(folder + "/sub")
            try FileSystem.makeDirectory(folder + "/sub")  // already there is fine
            #expect(try FileSystem.status(folder + "/sub").isDirectory)
            try FileSystem.writeNewFile(Array("abc".utf8), to: folder + "/sub/a")
            try FileSystem.rename(folder + "/sub/a", to: folder + "/sub/b")
            #expect(FileSystem.list(folder + "/sub") == ["b"])
            let status = try FileSystem.status(folder + "/sub/b")
            #expect(status.size == 3 && !status.isDirectory)
            #expect(abs(status.modified - Date().timeIntervalSince1970) < 600)
            #expect(FileSystem.unlink(folder + "/sub/b"))
            #expect(!FileSystem.unlink(folder + "/sub/b"))
            #expect(FileSystem.list(folder + "/sub").isEmpty)
            #expect(FileSystem.list(folder + "/none").isEmpty)
            #expect(FileSystem.writeAccessDenied(folder) == nil)
            #expect(FileSystem.writeAccessDenied(folder + "/none") == ENOENT)
        }
    }

    @Test func byteSearchFindsAByteACStringAndReadsALeadingNumber() {
        Array("abc{def".utf8).withUnsafeBytes { raw in
            #expect(ByteSearch.contains(UInt8(ascii: "{"), in: raw))
            #expect(!ByteSearch.contains(UInt8(ascii: "["), in: raw))
            #expect(!ByteSearch.contains(UInt8(ascii: "{"), in: UnsafeRawBufferPointer(rebasing: raw[0..<3])))
            #expect(!ByteSearch.contains(UInt8(ascii: "a"), in: UnsafeRawBufferPointer(start: nil, count: 0)))
        }
        let text = Array("{\"name\":\"tabby cat\"}\0".utf8)
        text.withUnsafeBufferPointer { text in
            Array("tabby\0".utf8).withUnsafeBufferPointer { needle in
                #expect(ByteSearch.cStringContains(text.baseAddress!, needle.baseAddress!))
            }
            Array("tabbyx\0".utf8).withUnsafeBufferPointer { needle in
                #expect(!ByteSearch.cStringContains(text.baseAddress!, needle.baseAddress!))
            }
        }
        Array("1.5e3,\"next\":2}".utf8).withUnsafeBufferPointer { number in
            #expect(ByteSearch.leadingDouble(at: number.baseAddress!) == 1500)
        }
        Array("-0.25}".utf8).withUnsafeBufferPointer { number in
            #expect(ByteSearch.leadingDouble(at: number.baseAddress!) == -0.25)
        }
    }

    @Test func byteSearchFindsTheFirstWholeMatch() {
        let haystack = Array("--a--ab--abc--abc".utf8)
        haystack.withUnsafeBytes { raw in
            #expect(ByteSearch.firstIndex(of: Array("abc".utf8), in: raw) == 9)
            #expect(ByteSearch.firstIndex(of: Array("abd".utf8), in: raw) == nil)
            #expect(ByteSearch.firstIndex(of: [], in: raw) == nil)
        }
    }
}

/// Bytes handed from the reader thread to the test.
private final class LockedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    func set(_ value: [UInt8]) { lock.withLock { bytes = value } }
    func get() -> [UInt8] { lock.withLock { bytes } }
}
