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

    /// True when the kept `PillowWorker` (a `python3` that imports PIL first) answers.
    static let isAvailable: Bool = (try? PillowWorker.run("pass", []))?.status == 0

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
}
