#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The errno values other modules name, so they need not import the C library for them.
package enum Errno {
    package static let noEntry = ENOENT
    package static let exists = EEXIST
    package static let accessDenied = EACCES
    package static let notPermitted = EPERM
    package static let notDirectory = ENOTDIR
    package static let io = EIO
    package static let fileTooLarge = EFBIG
    package static let readOnlyFileSystem = EROFS
    package static let addressInUse = EADDRINUSE
}
