#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shared library opened at run time (`dlopen`), for code that must not link it: a library
/// needed only by an optional feature is then loaded when that feature is used, and its absence
/// is an error of that feature instead of a failure to start the program.
///
/// Ownership argument for `@unchecked Sendable`: the handle is written once in `init` and never
/// closed (symbols looked up from it stay valid for the life of the process).
package final class DynamicLibrary: @unchecked Sendable {
    /// The path or name the library was opened by.
    package let path: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the first of `candidates` that loads; throws with every candidate's `dlerror`.
    package init(candidates: [String]) throws(DynamicLibraryError) {
        var reasons: [String] = []
        for candidate in candidates {
            if let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) {
                self.path = candidate
                self.handle = handle
                return
            }
            reasons.append(Self.lastError() ?? "\(candidate): cannot be opened")
        }
        throw DynamicLibraryError(candidates: candidates, reasons: reasons)
    }

    /// The address of `name`, or nil when the library has no such symbol.
    package func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    private static func lastError() -> String? {
        guard let message = dlerror() else { return nil }
        return String(cString: message)
    }
}

/// No candidate of a `DynamicLibrary` could be opened.
package struct DynamicLibraryError: Error, Sendable, CustomStringConvertible {
    package let candidates: [String]
    /// The loader's message for each candidate tried, in order.
    package let reasons: [String]

    package var description: String {
        "none of " + candidates.joined(separator: ", ") + " could be loaded ("
            + reasons.joined(separator: "; ") + ")"
    }
}
