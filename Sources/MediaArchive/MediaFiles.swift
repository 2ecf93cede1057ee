#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the archive needs, over POSIX calls (no Foundation in the server's
/// modules). Every failure carries the call, the path and errno.
enum MediaFiles {
    static func makeDirectory(_ path: String) throws(MediaStoreError) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        throw .io("mkdir", path: path, errno: errno)
    }

    /// Writes `bytes` to a new file at `path` (which must not exist), flushed to disk.
    static func write(_ bytes: [UInt8], to path: String) throws(MediaStoreError) {
        try write(bytes, range: 0..<bytes.count, to: path)
    }

    /// `count` bytes from `offset`; fewer only when the file is shorter.
    static func read(_ path: String, offset: Int, count: Int) throws(MediaStoreError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .io("open", path: path, errno: errno) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if result < 0, errno == EINTR { continue }
            guard result >= 0 else { throw .io("pread", path: path, errno: errno) }
            if result == 0 { break }
            done += result
        }
        return done == count ? bytes : Array(bytes[0..<done])
    }

    static func readAll(_ path: String) throws(MediaStoreError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .io("stat", path: path, errno: errno) }
        return try read(path, offset: 0, count: Int(info.st_size))
    }

    static func rename(_ from: String, to: String) throws(MediaStoreError) {
        guard posixRename(from, to) == 0 else { throw .io("rename", path: to, errno: errno) }
    }

    static func remove(_ path: String) {
        unlink(path)
    }

    /// The names in a directory (without `.` and `..`); empty when it cannot be read.
    static func list(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

extension MediaFiles {
    /// Where `needle` first starts in `haystack` (memchr for its first byte, then memcmp).
    static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count, let base = haystack.baseAddress else {
            return nil
        }
        var offset = 0
        let last = haystack.count - needle.count
        return needle.withUnsafeBytes { needleBytes -> Int? in
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needleBytes.baseAddress!, needle.count) == 0 { return at }
                offset = at + 1
            }
            return nil
        }
    }

    /// Copies `range` of `source` to a new file at `path` (which must not exist), a piece at a
    /// time, flushed to disk.
    static func write(_ source: any MediaByteSource, range: Range<Int>, to path: String)
        throws(MediaStoreError)
    {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .io("open", path: path, errno: errno) }
        defer { close(descriptor) }
        var position = range.lowerBound
        while position < range.upperBound {
            let piece = try source.bytes(
                in: position..<min(range.upperBound, position + ByteWindow.defaultPieceSize))
            // A source shorter than it said (a file cut short on disk) must not loop forever.
            guard !piece.isEmpty else { throw .io("read", path: path, errno: EIO) }
            var written = 0
            while written < piece.count {
                let result = piece.withUnsafeBytes { buffer in
                    posixWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw .io("write", path: path, errno: errno)
                }
                written += result
            }
            position += piece.count
        }
        guard fsync(descriptor) == 0 else { throw .io("fsync", path: path, errno: errno) }
    }
}

// The POSIX calls whose Swift names clash with this module's own words.
@inline(__always)
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

@inline(__always)
private func posixRename(_ from: String, _ to: String) -> Int32 {
    rename(from, to)
}
