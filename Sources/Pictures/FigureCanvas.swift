/// What colours a figure's parts: `CatPainter`, `DogPainter`.
protocol FigurePainter {
    associatedtype Part
    /// The colour of `part` at `(u, v)` in the figure's units.
    func color(_ part: Part, _ u: Double, _ v: Double) -> RGB
}

/// A picture drawn in a figure's own units (`CatCanvas`, `DogCanvas`): `(u, v)` is a point
/// `unit` pixels per unit from the centre, mirrored left to right when `mirrored`. The shapes
/// below take those units and fill with a flat colour or with the painter's colour of a part.
protocol FigureCanvas {
    associatedtype Painter: FigurePainter
    var image: RasterImage { get set }
    var painter: Painter { get }
    var mirrored: Bool { get }
    var centreX: Double { get }
    var centreY: Double { get }
    /// Pixels per figure unit.
    var unit: Double { get }
    /// The thinnest line drawn, in pixels.
    static var thinnestLine: Double { get }
}

extension FigureCanvas {
    /// Chaikin corner cutting, three rounds: a polyline that reads as a curve (the
    /// cats' and the dogs' tails).
    static func smoothed(_ points: [(Double, Double)]) -> [(Double, Double)] {
        var current = points
        for _ in 0..<3 where current.count > 2 {
            var next = [current[0]]
            for (a, b) in zip(current, current.dropFirst()) {
                next.append((0.75 * a.0 + 0.25 * b.0, 0.75 * a.1 + 0.25 * b.1))
                next.append((0.25 * a.0 + 0.75 * b.0, 0.25 * a.1 + 0.75 * b.1))
            }
            next.append(current[current.count - 1])
            current = next
        }
        return current
    }

    func x(_ u: Double) -> Double { centreX + (mirrored ? -u : u) * unit }
    func y(_ v: Double) -> Double { centreY + v * unit }

    func paint(_ part: Painter.Part) -> RasterImage.Paint {
        let painter = painter
        let (centreX, centreY, unit, sign) = (centreX, centreY, unit, mirrored ? -1.0 : 1.0)
        return { px, py in painter.color(part, (px - centreX) / unit * sign, (py - centreY) / unit) }
    }

    mutating func ellipse(_ u: Double, _ v: Double, _ ru: Double, _ rv: Double, _ part: Painter.Part) {
        image.fillEllipse(cx: x(u), cy: y(v), rx: ru * unit, ry: rv * unit, paint: paint(part))
    }

    mutating func ellipse(_ u: Double, _ v: Double, _ ru: Double, _ rv: Double, _ color: RGB) {
        image.fillEllipse(cx: x(u), cy: y(v), rx: ru * unit, ry: rv * unit, color)
    }

    mutating func polygon(_ points: [(Double, Double)], _ part: Painter.Part) {
        image.fillPolygon(points.map { (x($0.0), y($0.1)) }, paint: paint(part))
    }

    mutating func polygon(_ points: [(Double, Double)], _ color: RGB) {
        image.fillPolygon(points.map { (x($0.0), y($0.1)) }, color)
    }

    mutating func line(_ points: [(Double, Double)], width: Double, _ part: Painter.Part) {
        image.drawPolyline(
            points.map { (x($0.0), y($0.1)) }, thickness: max(width * unit, Self.thinnestLine),
            paint: paint(part))
    }

    mutating func line(_ points: [(Double, Double)], width: Double, _ color: RGB) {
        image.drawPolyline(
            points.map { (x($0.0), y($0.1)) }, thickness: max(width * unit, Self.thinnestLine), color)
    }
}
