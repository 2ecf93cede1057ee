#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Removes the folder if it is empty; false when it could not (not empty, not there).
    @discardableResult
    package static func removeEmptyDirectory(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// A file's size, last change, identity and owner.
    package struct Status: Sendable, Equatable {
        package let size: Int
        /// Seconds since the epoch (fractions included).
        package let modified: Double
        /// The last change exactly: nanoseconds since the epoch.
        package let modifiedNanoseconds: Int64
        package let isDirectory: Bool
        /// The file's number on its device: a file replaced by a rename has another one.
        package let inode: UInt64
        /// The user id of the owner.
        package let owner: UInt32
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
            modifiedNanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
            isDirectory: (info.st_mode & S_IFMT) == S_IFDIR, inode: UInt64(info.st_ino),
            owner: UInt32(info.st_uid))
    }

    /// Makes the folder; one that is already there is fine.
    package static func makeDirectory(_ path: String, permissions: UInt32 = 0o755) throws(FileError) {
        if mkdir(path, mode_t(permissions)) == 0 { return }
        let code = errno
        if code == EEXIST { return }
        throw FileError("mkdir", path: path, code: code)
    }

    /// Makes the folder and any missing parents (`mkdir -p`). The error names the step that
    /// failed: its `path` is that folder, with ENOTDIR when a file stands where a folder must be.
    package static func makeDirectories(_ path: String, permissions: UInt32 = 0o755) throws(FileError) {
        if let status = try? status(path) {
            guard status.isDirectory else { throw FileError("mkdir", path: path, code: ENOTDIR) }
            return
        }
        let parent = parentPath(of: path)
        if parent.count < path.count { try makeDirectories(parent, permissions: permissions) }
        try makeDirectory(path, permissions: permissions)
    }

    /// The folder `path` is in ("/" for "/a", "." for "a"); trailing slashes are ignored.
    static func parentPath(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
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

    /// The folder for temporary files: `TMPDIR` when set, else `/tmp`.
    package static var temporaryDirectory: String {
        guard let pointer = getenv("TMPDIR"), pointer.pointee != 0 else { return "/tmp" }
        return String(cString: pointer)
    }

    /// errno in words ("No such file or directory").
    package static func errnoText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// The POSIX calls whose Swift names clash with the members above.
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
