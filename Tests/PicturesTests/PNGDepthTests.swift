import RestLiteTesting
import Testing

@testable import Pictures

/// PNG bit depths other than 8 and Adam7 interlacing: files Pillow writes (1-, 2- and 4-bit grey and palette, 16-bit
/// grey), and files `PNGTestWriter` makes of every colour type at every depth, compared with
/// the samples they were made from and with Pillow's decoding of the same bytes.
@Suite(.offPool) struct PNGDepthTests {
    /// Colour types with the depths PNG allows for each.
    static let kinds: [(colorType: Int, depth: Int)] = [
        (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (3, 1), (3, 2), (3, 4), (3, 8), (2, 8), (2, 16), (4, 8),
        (4, 16), (6, 8), (6, 16),
    ]

    @Test(
        .needsPillow,
        arguments: [
            "im.convert('L').convert('1').save(path, 'PNG')",
            "im.convert('L').save(path, 'PNG', bits=2)",
            "im.convert('L').save(path, 'PNG', bits=4)",
            "im.convert('P', palette=Image.ADAPTIVE, colors=2).save(path, 'PNG', bits=1)",
            "im.convert('P', palette=Image.ADAPTIVE, colors=4).save(path, 'PNG', bits=2)",
            "im.convert('P', palette=Image.ADAPTIVE, colors=16).save(path, 'PNG', optimize=True)",
            "im.convert('P', palette=Image.ADAPTIVE, colors=12).save(path, 'PNG', bits=4)",
        ])
    func lowDepthPillowFilesDecodeToPillowsPixels(_ script: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(script)
        #expect(bytes[24] < 8, "Pillow wrote \(bytes[24])-bit samples")
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded.width == pillow.width && decoded.height == pillow.height)
        #expect(decoded.pixels == pillow.rgb)
    }

    @Test(.needsPillow) func transparentPaletteEntriesAtFourBitsAreLaidOverWhite() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(
            "p = im.convert('P', palette=Image.ADAPTIVE, colors=16); t = p.getpixel((0, 0))\n"
                + "p.save(path, 'PNG', bits=4, transparency=t)")
        #expect(bytes[24] == 4)
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded[0, 0] == RGB(255, 255, 255))
        let first = Array(pillow.rgb[0..<3])
        for index in 0..<(decoded.width * decoded.height)
        where Array(pillow.rgb[(index * 3)..<(index * 3 + 3)]) != first {
            #expect(
                decoded.pixels[(index * 3)..<(index * 3 + 3)] == pillow.rgb[(index * 3)..<(index * 3 + 3)])
        }
    }

    @Test(
        .needsPillow,
        arguments: [
            "g = im.convert('L'); g.save(path, 'PNG', transparency=g.getpixel((0, 0)))",
            "g = im.convert('L'); g.save(path, 'PNG', bits=4, transparency=g.getpixel((0, 0)) >> 4)",
            "im.save(path, 'PNG', transparency=im.getpixel((0, 0)))",
        ])
    func colourKeyTransparencyIsLaidOverWhite(_ script: String) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let bytes = try PillowWriter.make(script)
        #expect(String(decoding: bytes, as: UTF8.self).contains("tRNS"))
        let decoded = try ImageDecoder.decode(bytes)
        let pillow = try PillowDecoder.decode(bytes)
        #expect(decoded[0, 0] == RGB(255, 255, 255))
        let key = Array(pillow.rgb[0..<3])
        var opaque = 0
        for index in 0..<(decoded.width * decoded.height) {
            let range = (index * 3)..<(index * 3 + 3)
            if Array(pillow.rgb[range]) == key {
                #expect(decoded.pixels[range] == [255, 255, 255])
            } else {
                #expect(decoded.pixels[range] == pillow.rgb[range])
                opaque += 1
            }
        }
        #expect(opaque > decoded.width * decoded.height / 2)
    }

    @Test(.needsPillow) func sixteenBitGreyFromPillowKeepsTheHighByte() throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        let deep = try PillowWriter.make(
            "g = im.convert('L'); d = Image.new('I;16', g.size)\n"
                + "d.putdata([v * 257 + (v % 3) for v in g.tobytes()]); d.save(path, 'PNG')")
        #expect(deep[24] == 16)
        let eight = try PillowWriter.make("im.convert('L').save(path, 'PNG')")
        #expect(try ImageDecoder.decode(deep).pixels == (try PillowDecoder.decode(eight)).rgb)
    }

    @Test(arguments: kinds)
    func everyDepthDecodesToItsSamples(_ kind: (colorType: Int, depth: Int)) throws {
        for (width, height) in [(37, 23), (1, 1), (3, 5)] {
            try Self.check(kind.colorType, kind.depth, width: width, height: height, interlaced: false)
        }
    }

    @Test(arguments: kinds)
    func adam7InterlacedFilesDecodeAtEveryDepth(_ kind: (colorType: Int, depth: Int)) throws {
        // Sizes below 8 leave some of the seven passes empty; 1×1 has only the first.
        for (width, height) in [(37, 23), (1, 1), (2, 7), (5, 3), (8, 8), (9, 17)] {
            try Self.check(kind.colorType, kind.depth, width: width, height: height, interlaced: true)
        }
    }

    @Test(.needsPillow, arguments: kinds)
    func everyDepthDecodesAsPillowDecodesIt(_ kind: (colorType: Int, depth: Int)) throws {
        try #require(PillowDecoder.isAvailable, "python3 with Pillow is needed")
        for interlaced in [false, true] {
            try Self.check(
                kind.colorType, kind.depth, width: 37, height: 23, interlaced: interlaced, pillow: true)
        }
    }

    @Test func interlacedFilesAreRefusedWhenDamaged() {
        let writer = PNGTestWriter(width: 9, height: 9, colorType: 2, bitDepth: 8, interlaced: true)
        let file = writer.make { x, y, c in (x * 20 + y * 7 + c * 50) % 256 }
        #expect(throws: ImageDecodingError.self) {
            try ImageDecoder.decode(Array(file[0..<(file.count - 30)]))
        }
        var method = file
        method[28] = 2  // interlace method 2 does not exist
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(method) }
    }

    static func sampleValue(_ x: Int, _ y: Int, _ channel: Int, colorType: Int, mask: Int) -> Int {
        let value = ((x &* 73_856_093) ^ (y &* 19_349_663) ^ ((channel + 1) &* 83_492_791)) >> 3
        return colorType == 3 ? value % min(256, mask + 1) : value & mask
    }

    /// Makes a file, decodes it, and compares with the samples and, with `pillow`, (for opaque
    /// pixels whose Pillow RGB is the same as ours: not 16-bit grey, which Pillow clips) with Pillow.
    static func check(
        _ colorType: Int, _ depth: Int, width: Int, height: Int, interlaced: Bool, pillow: Bool = false
    ) throws {
        let mask = (1 << depth) - 1
        var writer = PNGTestWriter(
            width: width, height: height, colorType: colorType, bitDepth: depth, interlaced: interlaced)
        let entries = min(256, 1 << depth)
        if colorType == 3 {
            writer.palette = (0..<(entries * 3)).map { UInt8($0 * 53 % 256) }
            writer.transparency = entries > 2 ? [0, 128] : [200]
        }
        let channels = writer.channels
        // Grey and RGB files name one transparent colour: the first pixel's, here.
        if colorType == 0 || colorType == 2 {
            writer.transparency = (0..<channels).flatMap { channel in
                let value = sampleValue(0, 0, channel, colorType: colorType, mask: mask)
                return [UInt8(value >> 8), UInt8(value & 255)]
            }
        }
        let hasAlpha = colorType == 4 || colorType == 6
        func sample(_ x: Int, _ y: Int, _ channel: Int) -> Int {
            if hasAlpha, channel == channels - 1, (x + y) % 3 != 0 { return mask }
            return sampleValue(x, y, channel, colorType: colorType, mask: mask)
        }
        func eight(_ value: Int) -> Int { depth == 16 ? value >> 8 : depth == 8 ? value : value * 255 / mask }
        var expected = [UInt8](repeating: 0, count: width * height * 3)
        var opaque = [Bool](repeating: true, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var rgb: [Int]
                var alpha = 255
                switch colorType {
                case 3:
                    let entry = sample(x, y, 0)
                    rgb = (0..<3).map { Int(writer.palette[entry * 3 + $0]) }
                    if entry < writer.transparency.count { alpha = Int(writer.transparency[entry]) }
                case 0, 4:
                    rgb = Array(repeating: eight(sample(x, y, 0)), count: 3)
                default:
                    rgb = (0..<3).map { eight(sample(x, y, $0)) }
                }
                if hasAlpha { alpha = eight(sample(x, y, channels - 1)) }
                if colorType == 0 || colorType == 2,
                    (0..<channels).allSatisfy({ sample(x, y, $0) == sample(0, 0, $0) })
                {
                    alpha = 0
                }
                opaque[y * width + x] = alpha == 255
                for c in 0..<3 { expected[(y * width + x) * 3 + c] = PNGDecoder.overWhite(rgb[c], alpha) }
            }
        }
        let bytes = writer.make(sample)
        let label = "type \(colorType), \(depth) bits, \(width)×\(height), interlaced \(interlaced)"
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.width == width && decoded.height == height, "\(label)")
        #expect(decoded.pixels == expected, "\(label)")
        guard pillow, !(colorType == 0 && depth == 16) else { return }
        let pillow = try PillowDecoder.decode(bytes)
        var mismatches = 0
        for index in opaque.indices where opaque[index] {
            if decoded.pixels[(index * 3)..<(index * 3 + 3)] != pillow.rgb[(index * 3)..<(index * 3 + 3)] {
                mismatches += 1
            }
        }
        #expect(mismatches == 0, "\(label): \(mismatches) pixels differ from Pillow's")
    }
}
