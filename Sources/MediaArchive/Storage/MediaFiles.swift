import PlatformSupport

/// The few file operations the archive needs, over PlatformSupport's `FileDescriptor` (no
/// Foundation in the server's modules). Every failure carries the call, the path and errno.
enum MediaFiles {
    static func makeDirectory(_ path: String) throws(MediaStoreError) {
        try archive { () throws(FileError) in try FileSystem.makeDirectory(path) }
    }

    /// Writes `bytes` to a new file at `path` (which must not exist), flushed to disk.
    static func write(_ bytes: [UInt8], to path: String) throws(MediaStoreError) {
        try write(bytes, range: 0..<bytes.count, to: path)
    }

    /// `count` bytes from `offset`; fewer only when the file is shorter.
    static func read(_ path: String, offset: Int, count: Int) throws(MediaStoreError) -> [UInt8] {
        try archive { () throws(FileError) in
            let file = try FileDescriptor.open(path, .read)
            defer { file.close() }
            return try file.read(at: offset, count: count)
        }
    }

    static func readAll(_ path: String) throws(MediaStoreError) -> [UInt8] {
        let size = try archive { () throws(FileError) in try FileSystem.status(path).size }
        return try read(path, offset: 0, count: size)
    }

    static func rename(_ from: String, to: String) throws(MediaStoreError) {
        try archive { () throws(FileError) in try FileSystem.rename(from, to: to) }
    }

    static func remove(_ path: String) {
        FileSystem.unlink(path)
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    static func list(_ path: String) -> [String] {
        FileSystem.list(path)
    }

    /// A `FileError` as the archive's error.
    private static func archive<T>(_ body: () throws(FileError) -> T) throws(MediaStoreError) -> T {
        do throws(FileError) {
            return try body()
        } catch {
            throw .io(error.call, path: error.path, errno: error.code)
        }
    }
}

extension MediaFiles {
    /// Where `needle` first starts in `haystack` (memchr for its first byte, then memcmp).
    static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        ByteSearch.firstIndex(of: needle, in: haystack)
    }

    /// Copies `range` of `source` to a new file at `path` (which must not exist), a piece at a
    /// time, flushed to disk.
    static func write(_ source: any MediaByteSource, range: Range<Int>, to path: String)
        throws(MediaStoreError)
    {
        let file = try archive { () throws(FileError) in try FileDescriptor.open(path, .createExclusive) }
        defer { file.close() }
        var position = range.lowerBound
        while position < range.upperBound {
            let piece = try source.bytes(
                in: position..<min(range.upperBound, position + ByteWindow.defaultPieceSize))
            // A source shorter than it said (a file cut short on disk) must not loop forever.
            guard !piece.isEmpty else { throw .io("read", path: path, errno: Errno.io) }
            try archive { () throws(FileError) in try file.writeAll(piece) }
            position += piece.count
        }
        try archive { () throws(FileError) in try file.sync() }
    }
}
