/// The loops behind the drawing primitives (see `RasterImage+Drawing.swift` for why they look
/// like this). Each works on `pixels` through one pointer for the whole shape.
extension RasterImage {
    mutating func fillRect(x0: Double, y0: Double, x1: Double, y1: Double, _ fill: ShapeFill) {
        let (left, right) = (max(x0, 0), min(x1, Double(width)))
        let (top, bottom) = (max(y0, 0), min(y1, Double(height)))
        guard left < right, top < bottom else { return }
        let (firstX, endX) = (Int(left.rounded(.down)), Int(right.rounded(.up)))
        let (firstY, endY) = (Int(top.rounded(.down)), Int(bottom.rounded(.up)))
        let (width, paint, color) = (width, fill.paint, fill.color)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var y = firstY
            while y < endY {
                let rowBottom = Double(y + 1) < bottom ? Double(y + 1) : bottom
                let coverY = rowBottom - (Double(y) > top ? Double(y) : top)
                var x = firstX
                while x < endX {
                    let cellRight = Double(x + 1) < right ? Double(x + 1) : right
                    let alpha = (cellRight - (Double(x) > left ? Double(x) : left)) * coverY
                    if alpha > 0 {
                        var shade = color
                        if let paint { shade = paint(Double(x) + 0.5, Double(y) + 0.5) }
                        Self.blend(pixels + (y * width + x) * 3, shade, alpha: alpha)
                    }
                    x += 1
                }
                y += 1
            }
        }
    }

    /// Coverage comes from the distance to the edge, estimated from the implicit function and
    /// its gradient, which is exact enough for one-pixel blending.
    mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, _ fill: ShapeFill) {
        let rx = max(rx, 0.3)
        let ry = max(ry, 0.3)
        guard let box = pixelBox(minX: cx - rx, minY: cy - ry, maxX: cx + rx, maxY: cy + ry) else { return }
        let (irx2, iry2) = (1 / (rx * rx), 1 / (ry * ry))
        // Deep inside a large ellipse the coverage is 1 without the gradient.
        let large = min(rx, ry) > 4
        let (width, paint, color) = (width, fill.paint, fill.color)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var y = box.y0
            while y < box.y1 {
                let py = Double(y) + 0.5
                let dy = py - cy
                let rowTerm = dy * dy * iry2
                let gy = dy * iry2
                var x = box.x0
                var pixel = pixels + (y * width + x) * 3
                while x < box.x1 {
                    let px = Double(x) + 0.5
                    let dx = px - cx
                    let f = dx * dx * irx2 + rowTerm - 1
                    var alpha = 1.0
                    if !(f < -0.5 && large) {
                        let gx = dx * irx2
                        let gradient = 2 * (gx * gx + gy * gy).squareRoot()
                        alpha = 0.5 - f / (gradient > 1e-9 ? gradient : 1e-9)
                    }
                    if alpha > 0 {
                        var shade = color
                        if let paint { shade = paint(px, py) }
                        Self.blend(pixel, shade, alpha: alpha < 1 ? alpha : 1)
                    }
                    x += 1
                    pixel += 3
                }
                y += 1
            }
        }
    }

    mutating func drawLine(
        x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, _ fill: ShapeFill
    ) {
        let half = max(thickness, 0.2) / 2
        guard
            let box = pixelBox(
                minX: min(x0, x1) - half, minY: min(y0, y1) - half, maxX: max(x0, x1) + half,
                maxY: max(y0, y1) + half)
        else { return }
        let (ex, ey) = (x1 - x0, y1 - y0)
        let lengthSquared = max(ex * ex + ey * ey, 1e-12)
        // Lines thinner than a pixel fade instead of breaking up.
        let strength = min(1, thickness)
        let reach = max(half, 0.5)
        let (width, paint, color) = (width, fill.paint, fill.color)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            var y = box.y0
            while y < box.y1 {
                let py = Double(y) + 0.5
                let along = (py - y0) * ey
                var x = box.x0
                var pixel = pixels + (y * width + x) * 3
                while x < box.x1 {
                    let px = Double(x) + 0.5
                    var t = ((px - x0) * ex + along) / lengthSquared
                    t = 0 >= t ? 0 : t
                    t = 1 < t ? 1 : t
                    let (dx, dy) = (px - x0 - t * ex, py - y0 - t * ey)
                    let alpha = (reach - (dx * dx + dy * dy).squareRoot() + 0.5) * strength
                    if alpha > 0 {
                        var shade = color
                        if let paint { shade = paint(px, py) }
                        Self.blend(pixel, shade, alpha: alpha < 1 ? alpha : 1)
                    }
                    x += 1
                    pixel += 3
                }
                y += 1
            }
        }
    }

    mutating func drawPolyline(_ points: [(Double, Double)], thickness: Double, _ fill: ShapeFill) {
        var index = 1
        while index < points.count {
            let (start, end) = (points[index - 1], points[index])
            drawLine(x0: start.0, y0: start.1, x1: end.0, y1: end.1, thickness: thickness, fill)
            index += 1
        }
    }

    /// Even-odd rule, four sub-scanlines per row: each sub-scanline's crossings, sorted, give
    /// the spans it covers, and a row's coverage is the sum over its four.
    mutating func fillPolygon(_ points: [(Double, Double)], _ fill: ShapeFill) {
        guard points.count >= 3 else { return }
        var (lowX, highX, lowY, highY) = (points[0].0, points[0].0, points[0].1, points[0].1)
        for point in points {
            lowX = min(lowX, point.0)
            highX = max(highX, point.0)
            lowY = min(lowY, point.1)
            highY = max(highY, point.1)
        }
        let minX = max(0, Int(lowX.rounded(.down)))
        let maxX = min(width, Int(highX.rounded(.up)))
        let minY = max(0, Int(lowY.rounded(.down)))
        let maxY = min(height, Int(highY.rounded(.up)))
        guard minX < maxX, minY < maxY else { return }
        let scratch = PolygonScratch(points, columns: maxX - minX)
        defer { scratch.release() }
        let (width, paint, color) = (width, fill.paint, fill.color)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            for y in minY..<maxY {
                scratch.coverRow(y, left: Double(minX))
                var offset = 0
                while offset < scratch.columns {
                    let alpha = scratch.coverage[offset]
                    if alpha > 0 {
                        let x = minX + offset
                        var shade = color
                        if let paint { shade = paint(Double(x) + 0.5, Double(y) + 0.5) }
                        Self.blend(pixels + (y * width + x) * 3, shade, alpha: alpha < 1 ? alpha : 1)
                    }
                    offset += 1
                }
            }
        }
    }
}

/// A polygon's corners and the buffers its scan uses, allocated once per polygon.
final class PolygonScratch {
    let count: Int
    let columns: Int
    let xs: UnsafeMutablePointer<Double>
    let ys: UnsafeMutablePointer<Double>
    let crossings: UnsafeMutablePointer<Double>
    /// Coverage of each column of the current row.
    let coverage: UnsafeMutablePointer<Double>

    init(_ points: [(Double, Double)], columns: Int) {
        count = points.count
        self.columns = columns
        xs = .allocate(capacity: count)
        ys = .allocate(capacity: count)
        crossings = .allocate(capacity: count)
        coverage = .allocate(capacity: columns)
        for (index, point) in points.enumerated() {
            xs[index] = point.0
            ys[index] = point.1
        }
    }

    func release() {
        for pointer in [xs, ys, crossings, coverage] { pointer.deallocate() }
    }

    /// Fills `coverage` for row `y`; `left` is the x of column 0.
    func coverRow(_ y: Int, left: Double) {
        coverage.update(repeating: 0, count: columns)
        for sub in 0..<4 {
            let found = crossingsSorted(atY: Double(y) + (Double(sub) + 0.5) / 4)
            var index = 0
            while index + 1 < found {
                accumulate(from: crossings[index] - left, to: crossings[index + 1] - left, weight: 0.25)
                index += 2
            }
        }
    }

    /// The x of each edge crossing the line at `y`, in `crossings`, ascending; returns how many.
    private func crossingsSorted(atY y: Double) -> Int {
        var found = 0
        var previous = count - 1
        var index = 0
        while index < count {
            if (ys[previous] <= y) != (ys[index] <= y) {
                let t = (y - ys[previous]) / (ys[index] - ys[previous])
                let crossing = xs[previous] + t * (xs[index] - xs[previous])
                // Insertion sort: a handful of crossings per line.
                var slot = found
                while slot > 0 && crossings[slot - 1] > crossing {
                    crossings[slot] = crossings[slot - 1]
                    slot -= 1
                }
                crossings[slot] = crossing
                found += 1
            }
            previous = index
            index += 1
        }
        return found
    }

    /// Adds `weight` times the overlap of [`from`, `to`] with each column.
    private func accumulate(from: Double, to: Double, weight: Double) {
        let start = from > 0 ? from : 0
        let end = to < Double(columns) ? to : Double(columns)
        guard start < end else { return }
        let first = Int(start.rounded(.down))
        let last = min(columns - 1, Int(end.rounded(.up)) - 1)
        var cell = first
        while cell <= last {
            let cellEnd = Double(cell + 1) < end ? Double(cell + 1) : end
            let overlap = cellEnd - (Double(cell) > start ? Double(cell) : start)
            if overlap > 0 { coverage[cell] += overlap * weight }
            cell += 1
        }
    }
}
