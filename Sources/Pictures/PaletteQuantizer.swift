/// Reduces a picture to at most 256 colours for GIF. A picture with few colours keeps them
/// exactly; otherwise colours are counted in 5-bit-per-channel cells, the 256 busiest cells
/// (by their mean colour) form the palette, and each cell maps to its nearest palette entry.
struct PaletteQuantizer {
    var palette: [RGB] = []
    var indices: [UInt8] = []

    init(_ image: RasterImage) {
        if !exactPalette(image) { popularityPalette(image) }
    }

    private mutating func exactPalette(_ image: RasterImage) -> Bool {
        var lookup: [Int: UInt8] = [:]
        var result = [UInt8](repeating: 0, count: image.width * image.height)
        var index = 0
        let pixels = image.pixels
        var last = (key: -1, index: UInt8(0))
        for pixel in 0..<result.count {
            let key = Int(pixels[index]) << 16 | Int(pixels[index + 1]) << 8 | Int(pixels[index + 2])
            // Neighbouring pixels mostly share a colour: skip the dictionary for a repeat.
            if key == last.key {
                result[pixel] = last.index
            } else if let known = lookup[key] {
                last = (key, known)
                result[pixel] = known
            } else {
                guard palette.count < 256 else { return false }
                last = (key, UInt8(palette.count))
                lookup[key] = last.index
                result[pixel] = last.index
                palette.append(RGB(pixels[index], pixels[index + 1], pixels[index + 2]))
            }
            index += 3
        }
        indices = result
        return true
    }

    private mutating func popularityPalette(_ image: RasterImage) {
        var counts = [Int](repeating: 0, count: 32768)
        var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 32768)
        let pixels = image.pixels
        for index in stride(from: 0, to: pixels.count, by: 3) {
            let cell = Self.cell(pixels[index], pixels[index + 1], pixels[index + 2])
            counts[cell] += 1
            sums[cell].0 += Int(pixels[index])
            sums[cell].1 += Int(pixels[index + 1])
            sums[cell].2 += Int(pixels[index + 2])
        }
        let busiest = counts.indices.filter { counts[$0] > 0 }.sorted { counts[$0] > counts[$1] }.prefix(256)
        palette = busiest.map { cell in
            let n = counts[cell]
            return RGB(UInt8(sums[cell].0 / n), UInt8(sums[cell].1 / n), UInt8(sums[cell].2 / n))
        }
        var mapping = [Int16](repeating: -1, count: 32768)
        indices = [UInt8](repeating: 0, count: image.width * image.height)
        for pixel in 0..<indices.count {
            let index = pixel * 3
            let cell = Self.cell(pixels[index], pixels[index + 1], pixels[index + 2])
            if mapping[cell] < 0 { mapping[cell] = Int16(nearest(to: sums[cell], count: counts[cell])) }
            indices[pixel] = UInt8(mapping[cell])
        }
    }

    private func nearest(to sum: (Int, Int, Int), count: Int) -> Int {
        let (r, g, b) = (sum.0 / count, sum.1 / count, sum.2 / count)
        var best = 0
        var bestDistance = Int.max
        for (index, color) in palette.enumerated() {
            let (dr, dg, db) = (Int(color.r) - r, Int(color.g) - g, Int(color.b) - b)
            let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    private static func cell(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3)
    }
}
