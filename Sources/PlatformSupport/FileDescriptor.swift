#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file operation that failed: the call, the path and errno (its text in `reason`).
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The POSIX call that failed ("open", "read", "write", "fsync", "rename", ...).
    package let call: String
    package let path: String
    package let code: Int32

    package init(_ call: String, path: String, code: Int32) {
        self.call = call
        self.path = path
        self.code = code
    }

    /// errno in words ("No such file or directory").
    package var reason: String { FileSystem.errnoText(code) }

    /// The file (or a folder on its path) is not there.
    package var isMissing: Bool { code == ENOENT }

    package var description: String { "\(call) failed for \(path): \(reason) (errno \(code))" }
}

/// An open file descriptor with the reads and writes restlite's modules need: every call loops on
/// EINTR, writes loop on short writes, and failures are `FileError`s naming the call and path.
/// Close it with `close()` (standard output and error are never closed).
package struct FileDescriptor: Sendable {
    package let rawValue: Int32
    /// The path it was opened with (for errors), or a name such as "standard output".
    package let path: String

    package init(rawValue: Int32, path: String) {
        self.rawValue = rawValue
        self.path = path
    }

    package static let standardOutput = FileDescriptor(rawValue: 1, path: "standard output")
    package static let standardError = FileDescriptor(rawValue: 2, path: "standard error")

    /// How a file is opened.
    package enum Access: Sendable {
        /// Reading an existing file.
        case read
        /// Writing a new file; fails with EEXIST when the path exists.
        case createExclusive
        /// Writing a file, created when missing and emptied when there.
        case truncate
        /// Reading and writing, created when missing and kept when there (a lock file).
        case readWriteCreate

        var flags: Int32 {
            switch self {
            case .read: O_RDONLY
            case .createExclusive: O_WRONLY | O_CREAT | O_EXCL
            case .truncate: O_WRONLY | O_CREAT | O_TRUNC
            case .readWriteCreate: O_RDWR | O_CREAT
            }
        }
    }

    /// Opens `path`; `permissions` apply when the file is created. The descriptor is closed on exec.
    package static func open(_ path: String, _ access: Access, permissions: UInt32 = 0o644) throws(FileError)
        -> FileDescriptor
    {
        while true {
            let descriptor = systemOpen(path, access.flags | O_CLOEXEC, mode_t(permissions))
            if descriptor >= 0 { return FileDescriptor(rawValue: descriptor, path: path) }
            let code = errno
            if code != EINTR { throw FileError("open", path: path, code: code) }
        }
    }

    /// Reads what is there, up to `buffer.count` bytes, from the current position; 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = systemRead(rawValue, base, buffer.count)
            if count >= 0 { return count }
            let code = errno
            if code != EINTR { throw FileError("read", path: path, code: code) }
        }
    }

    /// `count` bytes from `offset` (the position is not moved); fewer only when the file is shorter.
    package func read(at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(rawValue, buffer.baseAddress! + done, count - done, off_t(offset + done))
            }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                throw FileError("pread", path: path, code: code)
            }
            if result == 0 { break }
            done += result
        }
        return done == count ? bytes : Array(bytes[0..<done])
    }

    /// Everything from the current position to the end; a file longer than `limit` bytes is
    /// refused with EFBIG rather than read.
    package func readToEnd(limit: Int = Int.max) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = try read(into: chunk)
            if count == 0 { return bytes }
            guard count <= limit - bytes.count else { throw FileError("read", path: path, code: EFBIG) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes every byte, looping on EINTR and short writes.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let result = systemWrite(rawValue, base + written, bytes.count - written)
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                throw FileError("write", path: path, code: code)
            }
            written += result
        }
    }

    package func writeAll(_ bytes: some Collection<UInt8>) throws(FileError) {
        let written = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(FileError) in try writeAll(UnsafeRawBufferPointer(buffer)) }
        }
        if let written { return try written.get() }
        try Array(bytes).withUnsafeBytes { buffer in Result { () throws(FileError) in try writeAll(buffer) } }
            .get()
    }

    /// Flushes the file's data to disk.
    package func sync() throws(FileError) {
        while fsync(rawValue) != 0 {
            let code = errno
            if code != EINTR { throw FileError("fsync", path: path, code: code) }
        }
    }

    /// Closes the descriptor (not retried on EINTR: on Linux it is closed either way).
    package func close() {
        _ = systemClose(rawValue)
    }
}

/// Operations on paths: the whole-file reader, rename, unlink, stat, mkdir, directory listing.
package enum FileSystem {
    /// The bytes of the file at `path`; longer than `limit` is refused (EFBIG).
    package static func readFile(_ path: String, limit: Int = Int.max) throws(FileError) -> [UInt8] {
        let file = try FileDescriptor.open(path, .read)
        defer { file.close() }
        return try file.readToEnd(limit: limit)
    }

    /// Writes `bytes` to a new file at `path` (which must not exist), flushed to disk.
    package static func writeNewFile(_ bytes: some Collection<UInt8>, to path: String) throws(FileError) {
        let file = try FileDescriptor.open(path, .createExclusive)
        defer { file.close() }
        try file.writeAll(bytes)
        try file.sync()
    }

    /// Renames `from` to `to`, replacing `to` when it exists (atomically, on one file system).
    package static func rename(_ from: String, to: String) throws(FileError) {
        guard systemRename(from, to) == 0 else { throw FileError("rename", path: to, code: errno) }
    }

    /// Removes the file; false when it could not (most often: it is not there).
    @discardableResult
    package static func unlink(_ path: String) -> Bool {
        systemUnlink(path) == 0
    }

    /// A file's size and last change.
    package struct Status: Sendable, Equatable {
        package let size: Int
        /// Seconds since the epoch (fractions included).
        package let modified: Double
        package let isDirectory: Bool
    }

    package static func status(_ path: String) throws(FileError) -> Status {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError("stat", path: path, code: errno) }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return Status(
            size: Int(info.st_size), modified: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9,
            isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// Makes the folder; one that is already there is fine.
    package static func makeDirectory(_ path: String, permissions: UInt32 = 0o755) throws(FileError) {
        if mkdir(path, mode_t(permissions)) == 0 { return }
        let code = errno
        if code == EEXIST { return }
        throw FileError("mkdir", path: path, code: code)
    }

    /// The names in a folder (without `.` and `..`); empty when it cannot be read.
    package static func list(_ path: String) -> [String] {
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

    /// Why this process may not write in `path` (errno: EACCES, ENOENT, ...); nil when it may.
    package static func writeAccessDenied(_ path: String) -> Int32? {
        access(path, W_OK) == 0 ? nil : errno
    }

    /// errno in words ("No such file or directory").
    package static func errnoText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// The POSIX calls whose Swift names clash with the members above.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags, mode)
    #else
        Darwin.open(path, flags, mode)
    #endif
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
    #else
        Darwin.read(descriptor, buffer, count)
    #endif
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.close(descriptor)
    #else
        Darwin.close(descriptor)
    #endif
}

private func systemRename(_ from: String, _ to: String) -> Int32 {
    #if canImport(Glibc)
        Glibc.rename(from, to)
    #else
        Darwin.rename(from, to)
    #endif
}

private func systemUnlink(_ path: String) -> Int32 {
    #if canImport(Glibc)
        Glibc.unlink(path)
    #else
        Darwin.unlink(path)
    #endif
}

/// The errno values other modules name, so they need not import the C library for them.
package enum Errno {
    package static let noEntry = ENOENT
    package static let exists = EEXIST
    package static let accessDenied = EACCES
    package static let notPermitted = EPERM
    package static let notDirectory = ENOTDIR
    package static let io = EIO
    package static let fileTooLarge = EFBIG
}

/// Searching bytes with the C library's `memchr` and `memcmp`.
package enum ByteSearch {
    /// Where `needle` first starts in `haystack` (memchr for its first byte, then memcmp).
    package static func firstIndex(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
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
}
