import Foundation

/// Makes picture files with Python's Pillow, as fixtures written by an independent encoder (in
/// the kept `PillowWorker`).
enum PillowWriter {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Runs `body` (Python with `im`, a 37×23 RGB gradient, and `path` in scope; it must save
    /// to `path`) and returns the file's bytes.
    static func make(_ body: String, width: Int = 37, height: Int = 23) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-fixtures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys
            from PIL import Image
            path = sys.argv[1]
            w, h = \(width), \(height)
            im = Image.new("RGB", (w, h))
            im.putdata([((x * 7) % 256, (y * 11) % 256, ((x + y) * 5) % 256) for y in range(h) for x in range(w)])
            \(body)
            """
        let result = try PillowWorker.run(script, [path])
        guard result.status == 0 else {
            throw Failure(description: "Pillow failed: " + result.error)
        }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
