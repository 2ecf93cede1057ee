/// What the archive refuses or fails at. `io`, `unavailable` and `database` failures are the
/// server's; the others the client's.
public enum MediaStoreError: Error, Sendable, Equatable {
    /// A file operation failed: the call, the path and errno.
    case io(String, path: String, errno: Int32)
    /// The upload had no file part.
    case noFiles
    /// A part's file name is empty or not text.
    case badFilename(String)
    /// A part's form field name holds a control character.
    case badFieldName(String)
    /// An archive in memory would grow past its limit (bytes).
    case full(limit: Int)
    /// The database holding the files cannot be reached now; worth trying again in
    /// `retryAfterSeconds` (503 with `Retry-After`).
    case unavailable(String, retryAfterSeconds: Int)
    /// The database holding the files refused a statement: the server's failure.
    case database(String)

    public var message: String {
        switch self {
        case .io(let call, let path, let code): "\(call) failed for \(path) (errno \(code))"
        case .noFiles:
            "The form has no file; send each file as a part with a filename (FormData.append(name, file))."
        case .badFilename(let name):
            "The file name '\(name)' cannot be stored; send a name without control characters."
        case .badFieldName(let name):
            "The form field name '\(name)' cannot be stored; send a name without control characters."
        case .full(let limit):
            "The media archive in memory holds at most \(limit / 1_048_576) MiB; delete files, or serve from a data folder."
        case .unavailable(let reason, let seconds):
            "The database holding the media files is unavailable (\(reason)); try again in \(seconds) s."
        case .database(let message): "The media database failed: \(message)"
        }
    }
}
