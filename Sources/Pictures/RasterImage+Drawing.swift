/// Drawing primitives. Coordinates are in pixels with (0, 0) at the top-left corner of the
/// top-left pixel, so pixel (x, y) covers the square from (x, y) to (x + 1, y + 1). Edges are
/// anti-aliased by coverage; `paint` gives the colour at a pixel centre, so patterns follow it.
extension RasterImage {
    /// A colour for the pixel centred at (x, y).
    public typealias Paint = (Double, Double) -> RGB

    /// Fills an axis-aligned rectangle; fractional edges are blended by coverage.
    public mutating func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, _ color: RGB) {
        fillRect(x0: x0, y0: y0, x1: x1, y1: y1) { _, _ in color }
    }

    /// Fills an axis-aligned rectangle with `paint`.
    public mutating func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, paint: Paint) {
        let (left, right) = (max(x0, 0), min(x1, Double(width)))
        let (top, bottom) = (max(y0, 0), min(y1, Double(height)))
        guard left < right, top < bottom else { return }
        for y in Int(top.rounded(.down))..<Int(bottom.rounded(.up)) {
            let coverY = min(Double(y + 1), bottom) - max(Double(y), top)
            for x in Int(left.rounded(.down))..<Int(right.rounded(.up)) {
                let coverX = min(Double(x + 1), right) - max(Double(x), left)
                blend(x: x, y: y, paint(Double(x) + 0.5, Double(y) + 0.5), alpha: coverX * coverY)
            }
        }
    }

    /// Fills the ellipse centred at (`cx`, `cy`) with radii `rx`, `ry`.
    public mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, _ color: RGB) {
        fillEllipse(cx: cx, cy: cy, rx: rx, ry: ry) { _, _ in color }
    }

    /// Fills an ellipse with `paint`. Coverage comes from the distance to the edge, estimated
    /// from the implicit function and its gradient, which is exact enough for one-pixel blending.
    public mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, paint: Paint) {
        let rx = max(rx, 0.3)
        let ry = max(ry, 0.3)
        let (irx2, iry2) = (1 / (rx * rx), 1 / (ry * ry))
        fillCovered(minX: cx - rx, minY: cy - ry, maxX: cx + rx, maxY: cy + ry, paint: paint) { px, py in
            let (dx, dy) = (px - cx, py - cy)
            let f = dx * dx * irx2 + dy * dy * iry2 - 1
            if f < -0.5 && min(rx, ry) > 4 { return 1 }
            let gx = dx * irx2
            let gy = dy * iry2
            let gradient = 2 * (gx * gx + gy * gy).squareRoot()
            return 0.5 - f / max(gradient, 1e-9)
        }
    }

    /// Draws a segment with round caps, `thickness` pixels wide.
    public mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, _ color: RGB
    ) {
        drawLine(x0: x0, y0: y0, x1: x1, y1: y1, thickness: thickness) { _, _ in color }
    }

    /// Draws a segment with round caps and `paint`.
    public mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, paint: Paint
    ) {
        let half = max(thickness, 0.2) / 2
        let (ex, ey) = (x1 - x0, y1 - y0)
        let lengthSquared = max(ex * ex + ey * ey, 1e-12)
        // Lines thinner than a pixel fade instead of breaking up.
        let strength = min(1, thickness)
        fillCovered(
            minX: min(x0, x1) - half, minY: min(y0, y1) - half, maxX: max(x0, x1) + half,
            maxY: max(y0, y1) + half, paint: paint
        ) { px, py in
            let t = min(max(((px - x0) * ex + (py - y0) * ey) / lengthSquared, 0), 1)
            let (dx, dy) = (px - x0 - t * ex, py - y0 - t * ey)
            return (max(half, 0.5) - (dx * dx + dy * dy).squareRoot() + 0.5) * strength
        }
    }

    /// Draws a polyline through `points` with round joins.
    public mutating func drawPolyline(_ points: [(Double, Double)], thickness: Double, paint: Paint) {
        for (start, end) in zip(points, points.dropFirst()) {
            drawLine(x0: start.0, y0: start.1, x1: end.0, y1: end.1, thickness: thickness, paint: paint)
        }
    }

    /// Fills the triangle (a, b, c).
    public mutating func fillTriangle(
        _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ color: RGB
    ) {
        fillPolygon([a, b, c]) { _, _ in color }
    }

    /// Fills a polygon (even-odd rule) with four sub-scanlines per row for smooth edges.
    public mutating func fillPolygon(_ points: [(Double, Double)], _ color: RGB) {
        fillPolygon(points) { _, _ in color }
    }

    /// Fills a polygon (even-odd rule) with `paint`.
    public mutating func fillPolygon(_ points: [(Double, Double)], paint: Paint) {
        guard points.count >= 3 else { return }
        let minX = max(0, Int(points.map(\.0).min()!.rounded(.down)))
        let maxX = min(width, Int(points.map(\.0).max()!.rounded(.up)))
        let minY = max(0, Int(points.map(\.1).min()!.rounded(.down)))
        let maxY = min(height, Int(points.map(\.1).max()!.rounded(.up)))
        guard minX < maxX, minY < maxY else { return }
        var coverage = [Double](repeating: 0, count: maxX - minX)
        var crossings: [Double] = []
        for y in minY..<maxY {
            for index in coverage.indices { coverage[index] = 0 }
            for sub in 0..<4 {
                let sy = Double(y) + (Double(sub) + 0.5) / 4
                crossings.removeAll(keepingCapacity: true)
                Self.crossings(of: points, atY: sy, into: &crossings)
                crossings.sort()
                var index = 0
                while index + 1 < crossings.count {
                    Self.accumulate(
                        from: crossings[index] - Double(minX), to: crossings[index + 1] - Double(minX),
                        weight: 0.25, into: &coverage)
                    index += 2
                }
            }
            for (offset, alpha) in coverage.enumerated() where alpha > 0 {
                let x = minX + offset
                blend(x: x, y: y, paint(Double(x) + 0.5, Double(y) + 0.5), alpha: min(alpha, 1))
            }
        }
    }

    /// Runs `coverage` at each pixel centre inside the clipped bounds and blends `paint` by it.
    mutating func fillCovered(
        minX: Double, minY: Double, maxX: Double, maxY: Double, paint: Paint,
        coverage: (Double, Double) -> Double
    ) {
        let x0 = max(0, Int((minX - 1).rounded(.down)))
        let x1 = min(width, Int((maxX + 1).rounded(.up)))
        let y0 = max(0, Int((minY - 1).rounded(.down)))
        let y1 = min(height, Int((maxY + 1).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            let py = Double(y) + 0.5
            for x in x0..<x1 {
                let px = Double(x) + 0.5
                let alpha = coverage(px, py)
                if alpha > 0 { blend(x: x, y: y, paint(px, py), alpha: min(alpha, 1)) }
            }
        }
    }

    private static func crossings(of points: [(Double, Double)], atY y: Double, into result: inout [Double]) {
        var previous = points[points.count - 1]
        for point in points {
            if (previous.1 <= y) != (point.1 <= y) {
                let t = (y - previous.1) / (point.1 - previous.1)
                result.append(previous.0 + t * (point.0 - previous.0))
            }
            previous = point
        }
    }

    /// Adds `weight` times the overlap of [`from`, `to`] with each cell of `row`.
    private static func accumulate(from: Double, to: Double, weight: Double, into row: inout [Double]) {
        let start = max(from, 0)
        let end = min(to, Double(row.count))
        guard start < end else { return }
        let first = Int(start.rounded(.down))
        let last = min(row.count - 1, Int(end.rounded(.up)) - 1)
        for cell in first...last {
            let overlap = min(Double(cell + 1), end) - max(Double(cell), start)
            if overlap > 0 { row[cell] += overlap * weight }
        }
    }
}
