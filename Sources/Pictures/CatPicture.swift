/// Cartoon cats drawn from shapes: a head with ears, eyes, nose and whiskers, a body, legs and
/// a tail, coloured by a `CatAppearance`.
public enum CatPicture {
    /// Same inputs → same pixels. `variant` varies pose, background, and small details.
    /// The cat is centred and sized to the shorter side, so any size and aspect ratio works.
    public static func draw(
        _ look: CatAppearance, variant: UInt64, width: Int, height: Int, greyscale: Bool = false
    ) -> RasterImage {
        var canvas = CatCanvas(look: look, variant: variant, width: width, height: height)
        canvas.drawBackground()
        switch canvas.pose {
        case .sitting: canvas.drawSitting()
        case .lying: canvas.drawLying()
        case .portrait: canvas.drawPortrait()
        }
        return greyscale ? canvas.image.greyscaled() : canvas.image
    }
}

/// The picture being drawn and the mapping from cat units to pixels (see `CatPainter`).
struct CatCanvas: FigureCanvas {
    static let thinnestLine = 0.7

    enum Pose: CaseIterable { case sitting, lying, portrait }

    var image: RasterImage
    var painter: CatPainter
    var random: SeededRandom
    let pose: Pose
    let mirrored: Bool
    let centreX: Double
    let centreY: Double
    /// Pixels per cat unit.
    let unit: Double

    init(look: CatAppearance, variant: UInt64, width: Int, height: Int) {
        image = RasterImage(width: width, height: height)
        random = SeededRandom(seed: SeededRandom.mix(variant) ^ look.digest)
        painter = CatPainter(look: look, seed: random.next())
        pose = Pose.allCases[Int(SeededRandom.mix(variant ^ 0x9051) % 3)]
        mirrored = random.next() & 1 == 1
        centreX = Double(image.width) / 2
        centreY = Double(image.height) / 2
        unit = Double(min(image.width, image.height)) * 0.47
    }

    // MARK: Shapes (the mapping to pixels and the plain shapes are `FigureCanvas`'s)

    /// A smooth tail through `points` (a chain of round-capped segments).
    mutating func tail(_ points: [(Double, Double)], width: Double) {
        let shown = painter.look.shortTail ? Array(points.prefix(2)) : points
        let fluffy = painter.look.longHair ? 1.6 : 1
        let curve = Self.smoothed(shown)
        line(curve, width: width * fluffy, .tail)
    }
}
