/// Placeholder pictures in the manner of dummyimage.com: a flat background with centred text.
public enum PlaceholderPicture {
    /// A `width × height` picture filled with `background`, with `text` (default `"W×H"`, drawn
    /// with an x-like cross) centred in `foreground`. Lines split at `|` or newlines; the text is
    /// scaled to fill about two thirds of the width and at most half the height.
    public static func draw(width: Int, height: Int, background: RGB, foreground: RGB, text: String?)
        -> RasterImage
    {
        var image = RasterImage(width: width, height: height, fill: background)
        let label = text ?? "\(image.width)×\(image.height)"
        image.drawText(label, color: foreground, maxWidthFraction: 0.7, maxHeightFraction: 0.5)
        return image
    }
}

extension RasterImage {
    /// Draws `text` centred, lines split at `|` or newlines, scaled to fit the given fractions.
    mutating func drawText(_ text: String, color: RGB, maxWidthFraction: Double, maxHeightFraction: Double) {
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "|" || $0 == "\n" }.map(Array.init)
        let longest = max(1, lines.map(\.count).max() ?? 1)
        let advance = Double(BitmapFont.cellWidth + 1)
        let lineHeight = Double(BitmapFont.cellHeight + 2)
        let textWidth = Double(longest) * advance - 1
        let textHeight = Double(lines.count) * lineHeight - 3
        let scale = min(
            Double(width) * maxWidthFraction / textWidth, Double(height) * maxHeightFraction / textHeight)
        guard scale > 0.05 else { return }
        let top = (Double(height) - textHeight * scale) / 2
        for (lineIndex, line) in lines.enumerated() {
            let lineWidth = (Double(line.count) * advance - 1) * scale
            var left = (Double(width) - lineWidth) / 2
            let lineTop = top + Double(lineIndex) * lineHeight * scale
            for character in line {
                for (column, row) in BitmapFont.cells(of: character) {
                    // Large text snaps cell edges to whole pixels so neighbouring cells meet
                    // without a blended seam; small text keeps fractional edges.
                    let snap: (Double) -> Double = scale >= 1.5 ? { $0.rounded() } : { $0 }
                    let x0 = snap(left + Double(column) * scale)
                    let y0 = snap(lineTop + Double(row) * scale)
                    let x1 = snap(left + Double(column + 1) * scale)
                    let y1 = snap(lineTop + Double(row + 1) * scale)
                    fillRect(x0: x0, y0: y0, x1: x1, y1: y1, color)
                }
                left += advance * scale
            }
        }
    }
}
