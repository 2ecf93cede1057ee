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
        var pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
        var index = 0
        while index < pixels.count {
            pixels[index] = fill.r
            pixels[index + 1] = fill.g
            pixels[index + 2] = fill.b
            index += 3
        }
        self.pixels = pixels
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
        if alpha >= 1 {
            pixels[index] = color.r
            pixels[index + 1] = color.g
            pixels[index + 2] = color.b
            return
        }
        let keep = 1 - alpha
        pixels[index] = UInt8(Double(pixels[index]) * keep + Double(color.r) * alpha + 0.5)
        pixels[index + 1] = UInt8(Double(pixels[index + 1]) * keep + Double(color.g) * alpha + 0.5)
        pixels[index + 2] = UInt8(Double(pixels[index + 2]) * keep + Double(color.b) * alpha + 0.5)
    }

    /// Paints row `y` (which must be inside the picture) in one colour, without blending.
    public mutating func fillRow(_ y: Int, _ color: RGB) {
        pixels.withUnsafeMutableBufferPointer { pixels in
            var index = y * width * 3
            for _ in 0..<width {
                pixels[index] = color.r
                pixels[index + 1] = color.g
                pixels[index + 2] = color.b
                index += 3
            }
        }
    }

    /// True when every pixel has equal red, green and blue.
    public var isGreyscale: Bool {
        var index = 0
        while index < pixels.count {
            if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
            index += 3
        }
        return true
    }

    /// The same picture in shades of grey (BT.601 luma).
    public func greyscaled() -> RasterImage {
        var copy = self
        var index = 0
        while index < copy.pixels.count {
            let luma =
                (Int(pixels[index]) * 299 + Int(pixels[index + 1]) * 587 + Int(pixels[index + 2]) * 114 + 500)
                / 1000
            let grey = UInt8(min(luma, 255))
            copy.pixels[index] = grey
            copy.pixels[index + 1] = grey
            copy.pixels[index + 2] = grey
            index += 3
        }
        return copy
    }
}
