import Foundation

/// Decodes image files with Python's Pillow, an independent decoder, when it is installed.
/// Each answer gives the format, mode and size Pillow saw and the pixels it decoded as RGB.
enum PillowDecoder {
    struct Decoded {
        let format: String
        let mode: String
        let width: Int
        let height: Int
        let rgb: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    private static let script = """
        import sys
        from PIL import Image, ImageOps
        path = sys.argv[1]
        im = Image.open(path)
        im.load()
        if len(sys.argv) > 2:
            im = ImageOps.exif_transpose(im)
        print(im.format, im.mode, im.size[0], im.size[1])
        open(path + ".rgb", "wb").write(im.convert("RGB").tobytes())
        """

    /// True when `python3 -c "import PIL"` succeeds (its own process; the pictures go to the one
    /// kept `PillowWorker`).
    static let isAvailable: Bool = (try? run(["-c", "import PIL"]).status) == 0

    /// `upright`: the picture as shown, its EXIF orientation applied (`ImageOps.exif_transpose`).
    static func decode(_ bytes: [UInt8], upright: Bool = false) throws -> Decoded {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pictures-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(UUID().uuidString)
        try Data(bytes).write(to: file)
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(atPath: file.path + ".rgb")
        }
        let result = try PillowWorker.run(script, [file.path] + (upright ? ["upright"] : []))
        let fields = result.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
            .map(String.init)
        guard result.status == 0, fields.count == 4, let width = Int(fields[2]), let height = Int(fields[3])
        else {
            throw Failure(description: "Pillow could not decode: \(result.output) \(result.error)")
        }
        let rgb = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path + ".rgb")))
        return Decoded(format: fields[0], mode: fields[1], width: width, height: height, rgb: rgb)
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus,
            String(decoding: outputData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
