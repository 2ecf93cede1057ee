import DocumentStore
import PlatformSupport

/// Reads a whole file into memory (imports parse the bytes twice: once to infer or check the
/// schema, once to store, so they keep the file's bytes, not its values).
public enum FileInput {
    /// The bytes of the file at `path`.
    public static func readAll(path: String) throws(ImportError) -> [UInt8] {
        do throws(FileError) {
            return try FileSystem.readFile(path)
        } catch {
            let action = error.call == "open" ? "open" : "read"
            throw ImportError(file: path, message: "cannot \(action) the file: \(error.reason)")
        }
    }
}
