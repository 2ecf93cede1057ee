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
