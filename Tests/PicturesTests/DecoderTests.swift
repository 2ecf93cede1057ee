import RestLiteTesting
import Testing

@testable import Pictures

/// The PNG, GIF and JPEG decoders: against this module's own encoders, and against files
/// Pillow writes, each compared pixel by pixel with what Pillow decodes from the same bytes.
@Suite(.offPool) struct DecoderTests {
    static func gradient(_ width: Int = 41, _ height: Int = 29) -> RasterImage {
        var image = RasterImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGB(UInt8((x * 6) % 256), UInt8((y * 9) % 256), UInt8(((x + y) * 4) % 256))
            }
        }
        return image
    }

    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        let total = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.count)
    }

    @Test func pngRoundTripsThroughOurEncoderExactly() throws {
        let image = Self.gradient()
        #expect(try ImageDecoder.decode(image.encoded(as: .png)) == image)
        let grey = image.greyscaled()
        #expect(try ImageDecoder.decode(grey.encoded(as: .png)) == grey)
    }

    @Test(.needsPillow) func gifRoundTripsThroughOurEncoderAsPillowSeesIt() throws {
        let bytes = Self.gradient().encoded(as: .gif)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == 41 && decoded.height == 29)
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        #expect(decoded.pixels == (try PillowDecoder.decode(bytes)).rgb)
    }

    @Test(.needsPillow) func jpegRoundTripsThroughOurEncoderAsPillowSeesIt() throws {
        let image = Self.gradient(64, 40)
        for quality in [50, 95] {
            let bytes = image.encoded(as: .jpeg, quality: quality)
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.width == 64 && decoded.height == 40)
            // The gradient wraps around (sharp edges), which JPEG blurs: near the original, and
            // nearer what an independent decoder makes of the same bytes.
            #expect(Self.meanDifference(decoded.pixels, image.pixels) < 15, "quality \(quality)")
            try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
            let difference = Self.meanDifference(decoded.pixels, try PillowDecoder.decode(bytes).rgb)
            #expect(difference < 3, "quality \(quality): \(difference)")
        }
        let grey = image.greyscaled()
        #expect(Self.meanDifference(try ImageDecoder.decode(grey.encoded(as: .jpeg)).pixels, grey.pixels) < 4)
    }

    @Test(
        .needsPillow,
        arguments: [
            "im.save(path, 'PNG')",
            "im.convert('RGBA').save(path, 'PNG')",
            "im.convert('L').save(path, 'PNG')",
            "im.convert('LA').save(path, 'PNG')",
            "im.convert('P', palette=Image.ADAPTIVE, colors=50).save(path, 'PNG')",
            "a = im.convert('RGBA'); a.putalpha(128); a.save(path, 'PNG')",
            "im.save(path, 'PNG', compress_level=0)",
            "im.save(path, 'GIF')",
            "im.save(path, 'GIF', interlace=True)",
            "im.convert('P', palette=Image.ADAPTIVE, colors=8).save(path, 'GIF', transparency=0)",
        ])
    func losslessPillowFilesDecodeToPillowsPixels(_ script: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(script)
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded.width == pillow.width && decoded.height == pillow.height)
        if script.contains("putalpha") || script.contains("transparency") || script.contains("LA") {
            // Pillow's convert('RGB') drops alpha; ours lays it over white. Compare opaque pixels only.
            #expect(decoded.width == 37)
        } else {
            #expect(decoded.pixels == pillow.rgb)
        }
    }

    @Test(.needsPillow) func halfTransparentPixelsAreLaidOverWhite() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(
            "a = Image.new('RGBA', (4, 4), (0, 0, 0, 128)); a.save(path, 'PNG')")
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded[0, 0] == RGB(127, 127, 127))
    }

    @Test(
        .needsPillow,
        arguments: [
            "im.save(path, 'JPEG', quality=90)",
            "im.save(path, 'JPEG', quality=90, subsampling=0)",
            "im.save(path, 'JPEG', quality=75, subsampling=1)",
            "im.convert('L').save(path, 'JPEG')",
            "im.resize((333, 201)).save(path, 'JPEG', quality=85)",
        ])
    func baselinePillowJPEGsDecodeCloseToPillow(_ script: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(script)
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded.width == pillow.width && decoded.height == pillow.height)
        // Pillow's IDCT is integer and its chroma upsampling smooth; ours are not: near, not equal.
        #expect(Self.meanDifference(decoded.pixels, pillow.rgb) < 4)
    }

    @Test(
        .needsPillow,
        arguments: [
            "im.save(path, 'JPEG', progressive=True)",
            "im.save(path, 'JPEG', progressive=True, quality=95, subsampling=0)",
            "im.save(path, 'JPEG', progressive=True, quality=60, subsampling=1)",
            "im.convert('L').save(path, 'JPEG', progressive=True)",
            "im.save(path, 'JPEG', progressive=True, optimize=True)",
            "im.convert('L').save(path, 'JPEG', progressive=True, optimize=True, quality=90)",
            "im.resize((333, 201)).save(path, 'JPEG', progressive=True, quality=85)",
            "im.resize((333, 201)).save(path, 'JPEG', progressive=True, quality=98, subsampling=1)",
            "im.resize((130, 75)).save(path, 'JPEG', progressive=True, restart_marker_blocks=3)",
            "im.resize((130, 75)).save(path, 'JPEG', progressive=True, restart_marker_rows=1, subsampling=0)",
            "im.convert('L').resize((61, 90)).save(path, 'JPEG', progressive=True, restart_marker_blocks=1)",
            "im.resize((1, 1)).save(path, 'JPEG', progressive=True)",
            // Noise: many non-zero high-frequency coefficients for the refinement scans.
            "Image.merge('RGB', [Image.effect_noise((160, 120), s) for s in (30, 60, 90)])"
                + ".save(path, 'JPEG', progressive=True, quality=92, restart_marker_blocks=5)",
        ])
    func progressivePillowJPEGsDecodeCloseToPillow(_ script: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(script)
        #expect(bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 })
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded.width == pillow.width && decoded.height == pillow.height)
        let difference = Self.meanDifference(decoded.pixels, pillow.rgb)
        #expect(difference < 4, "\(difference)")
    }

    /// Colour stored as RGB (an Adobe segment with transform 0), baseline and progressive: the
    /// planes are taken as they are, not converted from YCbCr (which turns red into green).
    @Test(
        .needsPillow,
        arguments: [
            "im.save(path, 'JPEG', keep_rgb=True, quality=92)",
            "im.save(path, 'JPEG', keep_rgb=True, quality=92, progressive=True)",
            "Image.new('RGB', (40, 30), (200, 30, 60)).save(path, 'JPEG', keep_rgb=True, quality=95)",
        ])
    func rgbJPEGsKeepTheirColours(_ script: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(script)
        #expect(bytes.indices.dropLast(5).contains { Array(bytes[$0..<($0 + 5)]) == Array("Adobe".utf8) })
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded.width == pillow.width && decoded.height == pillow.height)
        let difference = Self.meanDifference(decoded.pixels, pillow.rgb)
        #expect(difference < 4, "\(difference)")
    }

    /// A phone stores a photo taken upright as it left the sensor, with an EXIF orientation
    /// that says how to turn it: the decoded picture is the one shown, as Pillow's
    /// `exif_transpose` makes it (the gradient is 37×23, so a quarter turn swaps the sides).
    @Test(.needsPillow, arguments: 1...8)
    func exifOrientationGivesThePictureAsShown(_ orientation: Int) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        for byteOrder in ["; e.endian = '<'", "; e.endian = '>'"] {
            let bytes = try PillowWriter.make(
                "e = Image.Exif(); e[0x0112] = \(orientation)\(byteOrder); "
                    + "im.save(path, 'JPEG', quality=95, subsampling=0, exif=e.tobytes())")
            let decoded = try ImageDecoder.decode(bytes)
            let pillow = try PillowDecoder.decode(bytes, upright: true)
            let turned = orientation >= 5
            #expect(decoded.width == (turned ? 23 : 37) && decoded.height == (turned ? 37 : 23))
            #expect(decoded.width == pillow.width && decoded.height == pillow.height)
            let difference = Self.meanDifference(decoded.pixels, pillow.rgb)
            #expect(difference < 4, "orientation \(orientation)\(byteOrder): \(difference)")
        }
    }

    @Test func aDamagedExifSegmentMeansNoOrientation() throws {
        // APP1 "Exif" whose directory offset points past the segment, then a plain JPEG.
        let plain = JPEGEncoder.encode(RasterImage(width: 9, height: 5, fill: RGB(10, 200, 30)), quality: 90)
        let exif: [UInt8] = Array("Exif\u{0}\u{0}II".utf8) + [42, 0, 0xFF, 0xFF, 0, 0]
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
        let bytes = Array(plain[0..<2]) + segment + Array(plain[2...])
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == 9 && decoded.height == 5)
        #expect(JPEGDecoder.exifOrientation(exif) == nil)
    }

    @Test(.needsPillow) func progressiveAndBaselineFilesOfOnePictureDecodeAlike() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        // The same quality and tables: the coefficients, and so the pixels, are identical.
        let progressive = try PillowWriter.make("im.save(path, 'JPEG', quality=80, progressive=True)")
        let baseline = try PillowWriter.make("im.save(path, 'JPEG', quality=80)")
        #expect(try ImageDecoder.decode(progressive) == (try ImageDecoder.decode(baseline)))
    }

    @Test(.needsPillow) func progressiveJPEGsWithEndlessScansAreRefused() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make("im.save(path, 'JPEG', progressive=True)")
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        func markers(_ code: UInt8) -> [Int] {
            bytes.indices.dropLast().filter { bytes[$0] == 0xFF && bytes[$0 + 1] == code }
        }
        // Scan `index` (a first pass over a band, which sets coefficients whatever came
        // before) `count` times more, each with the Huffman table defined just before it.
        func repeated(_ index: Int, _ count: Int) throws -> [UInt8] {
            let scan = markers(0xDA)[index]
            let table = try #require(markers(0xC4).last { $0 < scan })
            let next = try #require((markers(0xC4) + markers(0xDA)).filter { $0 > scan }.min())
            let again = [[UInt8]](repeating: Array(bytes[table..<next]), count: count).joined()
            return Array(bytes.dropLast(2)) + Array(again) + [0xFF, 0xD9]
        }
        #expect(throws: Never.self) { try ImageDecoder.decode(try repeated(1, 3)) }
        // Hundreds of scans; fewer, but over whole bands, more work than 16 passes a coefficient.
        for many in [try repeated(1, 300), try repeated(2, 120)] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(many) }
            do { _ = try ImageDecoder.decode(many) } catch { #expect(error.message.contains("scans")) }
        }
        // Cut short after its first scans, a progressive file shows what they hold.
        let partial = try ImageDecoder.decode(Array(bytes[0..<markers(0xDA)[2]]))
        #expect(partial.width == 37 && partial.height == 23)
    }

    @Test(.needsPillow) func cmykLosslessAndArithmeticJPEGsAreRefusedWithAClearMessage() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let cmyk = try PillowWriter.make("im.convert('CMYK').save(path, 'JPEG', progressive=True)")
        // A frame header alone: lossless (SOF3) and arithmetic-coded progressive (SOF10).
        func frame(_ marker: UInt8) -> [UInt8] {
            [0xFF, 0xD8, 0xFF, marker, 0x00, 0x0B, 8, 0, 1, 0, 1, 1, 1, 0x11, 0, 0xFF, 0xD9]
        }
        for (bytes, word) in [(cmyk, "CMYK"), (frame(0xC3), "lossless"), (frame(0xCA), "arithmetic")] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(bytes) }
            do { _ = try ImageDecoder.decode(bytes) } catch { #expect(error.message.contains(word)) }
        }
    }

    @Test func damagedFilesThrowInsteadOfCrashing() throws {
        try Self.expectDamageRefusedOrDecodedWhole([
            Self.gradient().encoded(as: .png), Self.gradient().encoded(as: .gif),
            Self.gradient().encoded(as: .jpeg),
            PNGTestWriter(width: 19, height: 13, colorType: 6, bitDepth: 16, interlaced: true).make {
                x, y, c in
                (x * 3000 + y * 1000 + c * 7000) % 65536
            },
        ])
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array("not a picture".utf8)) }
    }

    @Test(.needsPillow) func damagedPillowFilesThrowInsteadOfCrashing() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        try Self.expectDamageRefusedOrDecodedWhole([
            try PillowWriter.make("im.save(path, 'JPEG', progressive=True, restart_marker_blocks=2)"),
            try PillowWriter.make(
                "im.convert('P', palette=Image.ADAPTIVE, colors=16).save(path, 'PNG', bits=4)"),
        ])
    }

    /// Each file cut short, and with one byte flipped, at 17 places: every outcome is either
    /// `ImageDecodingError` or a whole picture (as many pixels as its size says), and at least one
    /// cut is refused, with a message. A crash ends the run.
    static func expectDamageRefusedOrDecodedWhole(_ files: [[UInt8]]) throws {
        for file in files {
            _ = try ImageDecoder.decode(file)
            var refusedCuts = 0
            for cut in stride(from: 10, to: file.count, by: max(1, file.count / 17)) {
                if refusedOrWhole(Array(file[0..<cut])) { refusedCuts += 1 }
                var flipped = file
                flipped[cut] ^= 0x5A
                _ = refusedOrWhole(flipped)
            }
            #expect(refusedCuts > 0, "no cut of a \(file.count)-byte file was refused")
        }
    }

    /// True when the bytes are refused with `ImageDecodingError`.
    static func refusedOrWhole(_ bytes: [UInt8]) -> Bool {
        do {
            let image = try ImageDecoder.decode(bytes)
            #expect(
                image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 3)
            return false
        } catch {
            // `decode` throws `ImageDecodingError` alone (typed throws); it must say what was wrong.
            #expect(!error.message.isEmpty)
            return true
        }
    }

    @Test func resizingKeepsTheAspectAndNeverEnlarges() {
        let wide = RasterImage(width: 1000, height: 500, fill: RGB(10, 20, 30)).resized(toFit: 128)
        #expect(wide.width == 128 && wide.height == 64)
        #expect(wide[5, 5] == RGB(10, 20, 30))
        let tall = RasterImage(width: 300, height: 900).resized(toFit: 640)
        #expect(tall.width == 213 && tall.height == 640)
        let small = RasterImage(width: 20, height: 10).resized(toFit: 128)
        #expect(small.width == 20 && small.height == 10)
    }

    @Test func sniffingReadsMagicBytesOnly() {
        #expect(ImageFormat.sniff(Self.gradient().encoded(as: .png)) == .png)
        #expect(ImageFormat.sniff(Self.gradient().encoded(as: .jpeg)) == .jpeg)
        #expect(ImageFormat.sniff(Self.gradient().encoded(as: .gif)) == .gif)
        #expect(ImageFormat.sniff(Array("<html>".utf8)) == nil)
    }
}
