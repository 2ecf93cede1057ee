/// What the archive refuses or fails at. `io` failures are the server's; the others the client's.
public enum MediaStoreError: Error, Sendable, Equatable {
    /// A file operation failed: the call, the path and errno.
    case io(String, path: String, errno: Int32)
    /// The upload had no file part.
    case noFiles
    /// A part's file name is empty or not text.
    case badFilename(String)

    public var message: String {
        switch self {
        case .io(let call, let path, let code): "\(call) failed for \(path) (errno \(code))"
        case .noFiles:
            "The form has no file; send each file as a part with a filename (FormData.append(name, file))."
        case .badFilename(let name):
            "The file name '\(name)' cannot be stored; send a name without control characters."
        }
    }
}
