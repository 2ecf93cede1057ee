/// An RGB picture in memory: `width × height` pixels, three bytes each, rows top to bottom.
public struct RasterImage: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// Interleaved R, G, B bytes; `pixels.count == width * height * 3`.
    public var pixels: [UInt8]

    /// A picture filled with one colour. Sizes below 1 are raised to 1.
    public init(width: Int, height: Int, fill: RGB = .white) {
        self.width = max(1, width)
        self.height = max(1, height)
        let count = self.width * self.height * 3
        pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Pointer loops: a debug build checks and calls for every `Array` subscript.
            let base = buffer.baseAddress!
            var index = 0
            while index < count {
                base[index] = fill.r
                base[index + 1] = fill.g
                base[index + 2] = fill.b
                index += 3
            }
            initialized = count
        }
    }

    /// The colour at (`x`, `y`); both must be inside the picture.
    public subscript(x: Int, y: Int) -> RGB {
        get {
            let index = (y * width + x) * 3
            return RGB(pixels[index], pixels[index + 1], pixels[index + 2])
        }
        set {
            let index = (y * width + x) * 3
            pixels[index] = newValue.r
            pixels[index + 1] = newValue.g
            pixels[index + 2] = newValue.b
        }
    }

    /// Mixes `color` into the pixel at (`x`, `y`) with opacity `alpha` (0...1); outside is ignored.
    @inline(__always)
    public mutating func blend(x: Int, y: Int, _ color: RGB, alpha: Double) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let index = (y * width + x) * 3
        pixels.withUnsafeMutableBufferPointer { Self.blend($0.baseAddress! + index, color, alpha: alpha) }
    }

    /// Mixes `color` into the three bytes at `pixel` with opacity `alpha` (above 0): the one
    /// blending rule of every drawing primitive.
    @inline(__always)
    static func blend(_ pixel: UnsafeMutablePointer<UInt8>, _ color: RGB, alpha: Double) {
        if alpha >= 1 {
            pixel[0] = color.r
            pixel[1] = color.g
            pixel[2] = color.b
            return
        }
        // `Double(Int(byte))`: `Double(byte)` is the generic integer conversion in a debug build.
        let keep = 1 - alpha
        pixel[0] = UInt8(Double(Int(pixel[0])) * keep + Double(Int(color.r)) * alpha + 0.5)
        pixel[1] = UInt8(Double(Int(pixel[1])) * keep + Double(Int(color.g)) * alpha + 0.5)
        pixel[2] = UInt8(Double(Int(pixel[2])) * keep + Double(Int(color.b)) * alpha + 0.5)
    }

    /// Paints row `y` (which must be inside the picture) in one colour, without blending.
    public mutating func fillRow(_ y: Int, _ color: RGB) {
        let start = y * width * 3
        let end = start + width * 3
        pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var index = start
            while index < end {
                pixels[index] = color.r
                pixels[index + 1] = color.g
                pixels[index + 2] = color.b
                index += 3
            }
        }
    }

    /// True when every pixel has equal red, green and blue.
    public var isGreyscale: Bool {
        pixels.withUnsafeBufferPointer { buffer in
            guard let pixels = buffer.baseAddress else { return true }
            var index = 0
            while index < buffer.count {
                if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
                index += 3
            }
            return true
        }
    }

    /// The same picture in shades of grey (BT.601 luma).
    public func greyscaled() -> RasterImage {
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var index = 0
            while index < buffer.count {
                let luma =
                    (Int(pixels[index]) * 299 + Int(pixels[index + 1]) * 587 + Int(pixels[index + 2]) * 114
                        + 500)
                    / 1000
                let grey = UInt8(luma < 255 ? luma : 255)
                pixels[index] = grey
                pixels[index + 1] = grey
                pixels[index + 2] = grey
                index += 3
            }
        }
        return copy
    }
}
