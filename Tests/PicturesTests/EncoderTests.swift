import RestLiteTesting
import Testing

@testable import Pictures

@Suite(.offPool) struct EncoderTests {
    static let sizes = [(1, 1), (7, 13), (2, 2), (17, 1), (1, 33), (300, 200), (33, 65)]

    /// A picture with flat areas, gradients and edges, so every encoder path runs.
    static func sample(width: Int, height: Int) -> RasterImage {
        let look = CatAppearance(
            coat: RGB(220, 140, 60), accent: RGB(90, 50, 20), pattern: .tabby, eyes: RGB(90, 200, 60))
        return CatPicture.draw(look, variant: 3, width: width, height: height)
    }

    @Test(arguments: ImageFormat.allCases)
    func everyFormatNamesTheRequestedSizeInItsHeader(format: ImageFormat) throws {
        for (width, height) in Self.sizes {
            let bytes = Self.sample(width: width, height: height).encoded(as: format)
            #expect(HeaderSize.of(bytes, format: format)! == (width, height), "\(format) \(width)x\(height)")
        }
    }

    @Test(.needsPillow, arguments: ImageFormat.allCases)
    func everyFormatDecodesInPillowAtTheRequestedSize(format: ImageFormat) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed to decode")
        for (width, height) in Self.sizes {
            let bytes = Self.sample(width: width, height: height).encoded(as: format)
            let decoded = try PillowDecoder.decode(bytes)
            #expect(decoded.width == width && decoded.height == height, "\(format) \(width)x\(height)")
            #expect(
                decoded.format == ["jpeg": "JPEG", "png": "PNG", "gif": "GIF", "bmp": "BMP"][format.rawValue])
        }
    }

    @Test(.needsPillow, arguments: [ImageFormat.png, .bmp])
    func losslessFormatsDecodeToTheSamePixels(format: ImageFormat) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed to decode")
        for (width, height) in Self.sizes {
            let image = Self.sample(width: width, height: height)
            #expect(try PillowDecoder.decode(image.encoded(as: format)).rgb == image.pixels)
        }
        let grey = Self.sample(width: 40, height: 30).greyscaled()
        let decoded = try PillowDecoder.decode(grey.encoded(as: format))
        #expect(decoded.rgb == grey.pixels)
        if format == .png { #expect(decoded.mode == "L") }
    }

    @Test(.needsPillow) func gifKeepsFewColoursExactlyAndApproximatesMany() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed to decode")
        let flat = PlaceholderPicture.draw(
            width: 120, height: 90, background: RGB(95, 162, 221), foreground: .white, text: nil)
        #expect(try PillowDecoder.decode(flat.encoded(as: .gif)).rgb == flat.pixels)
        let cat = Self.sample(width: 300, height: 200)
        let decoded = try PillowDecoder.decode(cat.encoded(as: .gif))
        #expect(Self.meanError(decoded.rgb, cat.pixels) < 6)
    }

    @Test(.needsPillow) func jpegStaysCloseToTheOriginalAndQualityMatters() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed to decode")
        let cat = Self.sample(width: 300, height: 200)
        let high = cat.encoded(as: .jpeg, quality: 95)
        let low = cat.encoded(as: .jpeg, quality: 20)
        #expect(low.count < high.count)
        #expect(Self.meanError(try PillowDecoder.decode(high).rgb, cat.pixels) < 4)
        #expect(Self.meanError(try PillowDecoder.decode(low).rgb, cat.pixels) < 12)
        let grey = try PillowDecoder.decode(cat.greyscaled().encoded(as: .jpeg))
        #expect(grey.mode == "L")
    }

    @Test func wideAndTallExtremesEncode() throws {
        for (width, height) in [(4000, 1), (1, 4000)] {
            let image = Self.sample(width: width, height: height)
            for format in ImageFormat.allCases {
                #expect(HeaderSize.of(image.encoded(as: format), format: format)! == (width, height))
            }
        }
    }

    @Test(.needsPillow) func wideAndTallExtremesDecodeInPillow() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed to decode")
        for (width, height) in [(4000, 1), (1, 4000)] {
            let image = Self.sample(width: width, height: height)
            for format in ImageFormat.allCases {
                let decoded = try PillowDecoder.decode(image.encoded(as: format))
                #expect(decoded.width == width && decoded.height == height, "\(format) \(width)x\(height)")
            }
        }
    }

    @Test func encodingIsDeterministic() {
        let image = Self.sample(width: 64, height: 48)
        for format in ImageFormat.allCases {
            #expect(image.encoded(as: format) == Self.sample(width: 64, height: 48).encoded(as: format))
        }
    }

    @Test func checksumsMatchKnownValues() {
        #expect(Checksums.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Checksums.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    static func meanError(_ a: [UInt8], _ b: [UInt8]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        let total = zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.count)
    }
}
