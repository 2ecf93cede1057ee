import DocumentStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file into memory with POSIX calls (imports parse the bytes twice: once to
/// infer or check the schema, once to store, so they keep the file's bytes, not its values).
public enum FileInput {
    /// The bytes of the file at `path`.
    public static func readAll(path: String) throws(ImportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ImportError(file: path, message: "cannot open the file: \(errnoText())")
        }
        defer { _ = close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportError(file: path, message: "cannot read the file: \(errnoText())")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The current `errno` as text ("No such file or directory").
    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
