/// The operating system this build is for, for choices that are data rather than code (the
/// names a library goes by, how to install it): callers switch on it instead of writing
/// `#if os(...)` of their own.
package enum OperatingSystem: Sendable, Equatable {
    case macOS
    case linux
    case other

    package static var current: OperatingSystem {
        #if os(macOS)
            .macOS
        #elseif os(Linux)
            .linux
        #else
            .other
        #endif
    }
}
