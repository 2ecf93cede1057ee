/// Drawing primitives. Coordinates are in pixels with (0, 0) at the top-left corner of the
/// top-left pixel, so pixel (x, y) covers the square from (x, y) to (x + 1, y + 1). Edges are
/// anti-aliased by coverage; `paint` gives the colour at a pixel centre, so patterns follow it.
///
/// The loops are written for debug builds as much as for release ones (the tests and
/// `swift run` draw with debug builds): each shape walks only its clipped bounding box, works
/// on the pixel bytes through one pointer, computes its coverage inline (no closure, generic
/// `min`/`max` or `Array` subscript per pixel) and calls `paint` only for pixels it covers.
extension RasterImage {
    /// A colour for the pixel centred at (x, y).
    public typealias Paint = (Double, Double) -> RGB

    /// Fills an axis-aligned rectangle; fractional edges are blended by coverage.
    public mutating func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, _ color: RGB) {
        fillRect(x0: x0, y0: y0, x1: x1, y1: y1, ShapeFill(color))
    }

    /// Fills an axis-aligned rectangle with `paint`.
    public mutating func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, paint: Paint) {
        withoutActuallyEscaping(paint) { fillRect(x0: x0, y0: y0, x1: x1, y1: y1, ShapeFill($0)) }
    }

    /// Fills the ellipse centred at (`cx`, `cy`) with radii `rx`, `ry`.
    public mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, _ color: RGB) {
        fillEllipse(cx: cx, cy: cy, rx: rx, ry: ry, ShapeFill(color))
    }

    /// Fills an ellipse with `paint`.
    public mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, paint: Paint) {
        withoutActuallyEscaping(paint) { fillEllipse(cx: cx, cy: cy, rx: rx, ry: ry, ShapeFill($0)) }
    }

    /// Draws a segment with round caps, `thickness` pixels wide.
    public mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, _ color: RGB
    ) {
        drawLine(x0: x0, y0: y0, x1: x1, y1: y1, thickness: thickness, ShapeFill(color))
    }

    /// Draws a segment with round caps and `paint`.
    public mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, paint: Paint
    ) {
        withoutActuallyEscaping(paint) {
            drawLine(x0: x0, y0: y0, x1: x1, y1: y1, thickness: thickness, ShapeFill($0))
        }
    }

    /// Draws a polyline through `points` with round joins.
    public mutating func drawPolyline(_ points: [(Double, Double)], thickness: Double, paint: Paint) {
        withoutActuallyEscaping(paint) { drawPolyline(points, thickness: thickness, ShapeFill($0)) }
    }

    /// Draws a polyline through `points` with round joins, in one colour.
    public mutating func drawPolyline(_ points: [(Double, Double)], thickness: Double, _ color: RGB) {
        drawPolyline(points, thickness: thickness, ShapeFill(color))
    }

    /// Fills the triangle (a, b, c).
    public mutating func fillTriangle(
        _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ color: RGB
    ) {
        fillPolygon([a, b, c], ShapeFill(color))
    }

    /// Fills a polygon (even-odd rule) with four sub-scanlines per row for smooth edges.
    public mutating func fillPolygon(_ points: [(Double, Double)], _ color: RGB) {
        fillPolygon(points, ShapeFill(color))
    }

    /// Fills a polygon (even-odd rule) with `paint`.
    public mutating func fillPolygon(_ points: [(Double, Double)], paint: Paint) {
        withoutActuallyEscaping(paint) { fillPolygon(points, ShapeFill($0)) }
    }

    /// The clipped pixel box around a shape's bounds, one pixel of margin on each side (edges
    /// blend into their neighbours); nil when nothing of it is inside the picture.
    func pixelBox(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelBox? {
        let box = PixelBox(
            x0: max(0, Int((minX - 1).rounded(.down))), y0: max(0, Int((minY - 1).rounded(.down))),
            x1: min(width, Int((maxX + 1).rounded(.up))), y1: min(height, Int((maxY + 1).rounded(.up))))
        return box.x0 < box.x1 && box.y0 < box.y1 ? box : nil
    }
}

/// Rows `y0..<y1` and columns `x0..<x1` of a picture.
struct PixelBox {
    let x0: Int
    let y0: Int
    let x1: Int
    let y1: Int
}

/// What a shape is filled with: one colour, or `paint` asked at each covered pixel's centre.
struct ShapeFill {
    let color: RGB
    let paint: RasterImage.Paint?

    init(_ color: RGB) {
        self.color = color
        paint = nil
    }

    init(_ paint: @escaping RasterImage.Paint) {
        color = .black
        self.paint = paint
    }
}
