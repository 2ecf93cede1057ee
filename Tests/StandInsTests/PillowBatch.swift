import Foundation
import RestLiteTesting

/// Decodes many image files with one Python/Pillow run (when installed): for each file, the
/// format, mode, size and the colour of the top-left pixel that Pillow saw.
enum PillowBatch {
    struct Seen: Equatable {
        let format: String
        let mode: String
        let width: Int
        let height: Int
        let corner: [Int]
    }

    static let isAvailable: Bool = (try? run(["-c", "import PIL"]).0) == 0

    private static let script = """
        import sys
        from PIL import Image
        for path in sys.argv[1:]:
            im = Image.open(path)
            im.load()
            r, g, b = im.convert("RGB").getpixel((0, 0))
            print(im.format, im.mode, im.size[0], im.size[1], r, g, b)
        """

    static func decode(_ files: [[UInt8]]) throws -> [Seen] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "standins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, bytes) in files.enumerated() {
            let path = directory.appendingPathComponent("\(index)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let (status, output) = try run(["-c", script] + paths)
        let lines = output.split(separator: "\n")
        guard status == 0, lines.count == files.count else {
            throw CocoaError(.fileReadCorruptFile, userInfo: ["output": output])
        }
        return lines.map { line in
            let fields = line.split(separator: " ").map(String.init)
            return Seen(
                format: fields[0], mode: fields[1], width: Int(fields[2]) ?? -1, height: Int(fields[3]) ?? -1,
                corner: fields[4...].compactMap { Int($0) })
        }
    }

    private static func run(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let output = try ChildProcessLaunch.serialized {
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return output
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (ChildExit.wait(for: process)?.code ?? -1, String(decoding: data, as: UTF8.self))
    }
}
