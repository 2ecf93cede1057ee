import DocumentJSON
import DocumentStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes single documents and small batches until killed, printing every acknowledged id
/// (flushed) so a parent process knows what must survive.
enum CrashWriter {
    static func run(path: String, processExclusive: Bool) throws {
        var options = DocumentStore.Options()
        options.processExclusive = processExclusive
        let store = try DocumentStore(path: path, options: options)
        var step = 0
        while true {
            step += 1
            let batch: [JSONObject] = (0..<(step % 3 + 1)).map {
                ["step": .number(JSONNumber(step)), "i": .number(JSONNumber($0))]
            }
            let documents = try store.insertMany(batch, into: "crash")
            let line = documents.map(\.id).joined(separator: " ") + "\n"
            // write(2) on fd 1: unbuffered, so the parent sees each id once it is acknowledged.
            var bytes = Array(line.utf8)
            _ = write(1, &bytes, bytes.count)
        }
    }
}
