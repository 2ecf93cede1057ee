#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    package static let standardInput = FileDescriptor(rawValue: 0, path: "standard input")
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

    /// Writes every byte at `offset` (the position is not moved), looping on EINTR and short writes.
    package func write(_ bytes: some Collection<UInt8>, at offset: Int) throws(FileError) {
        let bytes = Array(bytes)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(
                    rawValue, buffer.baseAddress! + written, bytes.count - written, off_t(offset + written))
            }
            if result < 0 {
                let code = errno
                if code == EINTR { continue }
                throw FileError("pwrite", path: path, code: code)
            }
            written += result
        }
    }

    /// Cuts (or extends with zeros) the file to `size` bytes.
    package func truncate(to size: Int) throws(FileError) {
        while ftruncate(rawValue, off_t(size)) != 0 {
            let code = errno
            if code != EINTR { throw FileError("ftruncate", path: path, code: code) }
        }
    }

    /// An advisory whole-file lock (`flock`): one exclusive holder, or any number of shared ones.
    package enum LockKind: Sendable {
        case exclusive
        case shared
    }

    /// Takes the lock without waiting: false when another open file description holds it in a
    /// way that excludes this one. It lasts until `unlock()`, or until every descriptor of this
    /// open file is closed.
    package func tryLock(_ kind: LockKind) throws(FileError) -> Bool {
        let operation = (kind == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        while flock(rawValue, operation) != 0 {
            let code = errno
            if code == EWOULDBLOCK { return false }
            if code != EINTR { throw FileError("flock", path: path, code: code) }
        }
        return true
    }

    /// Releases a lock taken with `tryLock`.
    package func unlock() {
        _ = flock(rawValue, LOCK_UN)
    }

    /// Waits up to `milliseconds` for something to read (data, the peer's close, an error): false
    /// only when nothing came in that time.
    package func waitUntilReadable(milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) != 0
    }

    /// Whether the descriptor is a terminal (a person may be reading or typing there).
    package var isTerminal: Bool { isatty(rawValue) != 0 }

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
