/// Cartoon dogs drawn from shapes, seen from the side: body, chest and haunch, four legs, a
/// neck, a head with muzzle, nose, eye and ears, and a tail, coloured by a `DogAppearance`.
/// Size, leg length, ear shape, muzzle length, coat and tail follow the look, so a pug, a
/// dachshund and a borzoi are told apart at a glance.
public enum DogPicture {
    /// Same inputs → same pixels. `variant` chooses the pose (standing or sitting), facing,
    /// background and small details. Any size and aspect ratio works.
    public static func draw(_ look: DogAppearance, variant: UInt64, width: Int, height: Int) -> RasterImage {
        var canvas = DogCanvas(look: look, variant: variant, width: width, height: height)
        canvas.drawBackground()
        if canvas.sitting { canvas.drawSitting() } else { canvas.drawStanding() }
        return canvas.image
    }
}

/// The picture being drawn and the mapping from dog units to pixels.
struct DogCanvas: FigureCanvas {
    static let thinnestLine = 0.8

    var image: RasterImage
    var painter: DogPainter
    var random: SeededRandom
    let sitting: Bool
    let mirrored: Bool
    let centreX: Double
    let centreY: Double
    /// Pixels per dog unit.
    let unit: Double
    /// The dog's scale in the frame (toy dogs small, giants filling it) and its head's.
    let scale: Double
    let headScale: Double
    let ground = 0.8

    init(look: DogAppearance, variant: UInt64, width: Int, height: Int) {
        image = RasterImage(width: width, height: height)
        random = SeededRandom(seed: SeededRandom.mix(variant) ^ look.digest)
        painter = DogPainter(look: look, seed: random.next())
        sitting = SeededRandom.mix(variant ^ 0x51D) % 3 == 0
        mirrored = random.next() & 1 == 1
        centreX = Double(width) / 2
        centreY = Double(height) / 2
        unit = Double(min(width, height)) * 0.56
        switch look.size {
        case .toy: (scale, headScale) = (0.66, 1.4)
        case .small: (scale, headScale) = (0.77, 1.22)
        case .medium: (scale, headScale) = (0.87, 1.1)
        case .large: (scale, headScale) = (0.95, 1.04)
        case .giant: (scale, headScale) = (1.02, 1.04)
        }
    }

    var look: DogAppearance { painter.look }

    // MARK: Shapes (the mapping to pixels and the plain shapes are `FigureCanvas`'s)

    /// An ellipse turned by `angle` (radians, clockwise on screen), as a polygon.
    mutating func tilted(
        _ u: Double, _ v: Double, _ ru: Double, _ rv: Double, angle: Double, _ part: DogPainter.Part
    ) {
        let (c, s) = (Trigonometry.cosine(angle), Trigonometry.sine(angle))
        let points = (0..<40).map { step -> (Double, Double) in
            let t = Double(step) / 40 * 2 * Double.pi
            let (a, b) = (Trigonometry.cosine(t) * ru, Trigonometry.sine(t) * rv)
            return (u + a * c - b * s, v + a * s + b * c)
        }
        polygon(points, part)
    }

    // MARK: Scene

    static let backgrounds: [(sky: RGB, ground: RGB)] = [
        (RGB(176, 212, 236), RGB(112, 160, 84)),
        (RGB(200, 224, 240), RGB(136, 172, 96)),
        (RGB(236, 226, 208), RGB(170, 140, 104)),
        (RGB(222, 214, 226), RGB(150, 150, 146)),
        (RGB(240, 220, 190), RGB(186, 150, 110)),
    ]

    mutating func drawBackground() {
        let (sky, grass) = random.pick(Self.backgrounds)
        let horizon = y(ground - 0.12)
        for row in 0..<image.height {
            let t = Double(row) / Double(max(image.height - 1, 1))
            let color =
                Double(row) + 0.5 >= horizon
                ? grass.mixed(with: .black, (Double(row) - horizon) / Double(image.height) * 0.5)
                : sky.mixed(with: .white, 0.35 - t * 0.4)
            image.fillRow(row, color)
        }
        // A soft shadow under the dog.
        let shadow = grass.mixed(with: .black, 0.28)
        image.fillEllipse(
            cx: x(-0.02), cy: y(ground + 0.01), rx: 0.7 * scale * unit, ry: 0.06 * unit, shadow)
    }

    // MARK: Measures

    var legLength: Double {
        switch look.legs {
        case .short: 0.17
        case .normal: 0.34
        case .long: 0.44
        }
    }

    var bodyLength: Double { look.legs == .short ? 0.56 : 0.46 }
    var bodyDepth: Double { look.size == .giant || look.size == .large ? 0.19 : 0.17 }
    var legWidth: Double { look.size == .giant ? 0.1 : 0.085 }
    var fluffy: Bool { look.coat == .fluffy || look.coat == .long }

    // MARK: Standing

    mutating func drawStanding() {
        let k = scale
        let body = (u: -0.08 * k, v: ground - (legLength + bodyDepth * 0.8) * k)
        painter.bodyY = body.v
        painter.backY = body.v - bodyDepth * k
        painter.chestX = body.u + bodyLength * 0.62 * k
        painter.groundY = ground

        let frontU = body.u + bodyLength * 0.62 * k
        let hindU = body.u - bodyLength * 0.66 * k
        // Far legs first, a little apart from the near ones.
        leg(atU: frontU - 0.07 * k, top: body.v, part: .farLeg, hind: false)
        leg(atU: hindU + 0.06 * k, top: body.v, part: .farLeg, hind: true)
        tail(from: (body.u - bodyLength * 0.95 * k, body.v - bodyDepth * 0.7 * k))
        if fluffy { fur(around: body.u, body.v, bodyLength * k, bodyDepth * k, part: .body) }
        ellipse(body.u, body.v, bodyLength * k, bodyDepth * k, .body)
        ellipse(frontU - 0.02 * k, body.v + 0.01 * k, 0.17 * k, bodyDepth * 1.12 * k, .body)
        ellipse(hindU + 0.04 * k, body.v - 0.01 * k, 0.16 * k, bodyDepth * 1.05 * k, .body)
        if look.coat == .long { feathering(from: hindU, to: frontU, at: body.v + bodyDepth * 0.8 * k) }
        leg(atU: frontU + 0.02 * k, top: body.v, part: .leg, hind: false)
        leg(atU: hindU - 0.02 * k, top: body.v, part: .leg, hind: true)
        let head = (u: frontU + 0.2 * k, v: body.v - (bodyDepth + 0.22) * k)
        neck(from: (frontU - 0.04 * k, body.v - bodyDepth * 0.3 * k), to: head)
        drawHead(atU: head.u, v: head.v)
    }

    mutating func leg(atU u: Double, top: Double, part: DogPainter.Part, hind: Bool) {
        let k = scale
        let width = legWidth * k * (look.legs == .short ? 1.25 : 1)
        let paw = ground - width * 0.3
        let points: [(Double, Double)]
        if hind {
            let hock = (u - 0.05 * k, paw - (paw - top) * 0.38)
            points = [
                (u + 0.03 * k, top), (u + 0.05 * k, top + (paw - top) * 0.4), hock, (u - 0.03 * k, paw),
            ]
            ellipse(u + 0.02 * k, top + (paw - top) * 0.2, width * 1.2, (paw - top) * 0.3, part)
        } else {
            points = [(u, top), (u, paw)]
        }
        line(points, width: width, part)
        let pawU = (hind ? u - 0.03 * k : u) + width * 0.35
        ellipse(pawU, paw + width * 0.1, width * 0.75, width * 0.42, part)
    }

    mutating func neck(from base: (Double, Double), to head: (u: Double, v: Double)) {
        let k = scale
        let thick = (look.size == .giant || look.size == .large ? 0.12 : 0.1) * k * headScale
        polygon(
            [
                (base.0 - thick * 1.2, base.1 + thick * 0.6), (base.0 + thick * 1.3, base.1 + thick * 0.9),
                (head.u + thick * 0.6, head.v + thick * 0.4), (head.u - thick * 0.7, head.v - thick * 0.2),
            ], .body)
        if look.coat == .fluffy {
            // A ruff around the neck.
            ellipse(
                base.0 + thick * 0.2, (base.1 + head.v) / 2 + thick * 0.3, thick * 1.6, thick * 2.1, .body)
        }
    }

    // MARK: Sitting

    mutating func drawSitting() {
        let k = scale
        let haunch = (u: -0.22 * k, v: ground - 0.16 * k)
        let chest = (u: 0.12 * k, v: ground - (legLength * 0.9 + 0.3) * k)
        painter.bodyY = (haunch.v + chest.v) / 2
        painter.backY = chest.v - 0.2 * k
        painter.chestX = chest.u + 0.1 * k
        painter.groundY = ground
        tail(from: (haunch.u - 0.12 * k, haunch.v + 0.08 * k), lying: true)
        let angle = -0.95
        let middle = ((haunch.u + chest.u) / 2, (haunch.v + chest.v) / 2)
        let length =
            (((chest.u - haunch.u) * (chest.u - haunch.u) + (chest.v - haunch.v) * (chest.v - haunch.v))
                .squareRoot()) / 2 + 0.12 * k
        if fluffy {
            fur(around: middle.0, middle.1, length * 0.75, bodyDepth * k * 1.05, part: .body)
        }
        // Far front leg, then body, haunch and near legs.
        leg(atU: chest.u + 0.1 * k, top: chest.v + 0.05 * k, part: .farLeg, hind: false)
        tilted(middle.0, middle.1, length, bodyDepth * 1.05 * k, angle: angle, .body)
        ellipse(haunch.u, haunch.v - 0.04 * k, 0.19 * k, 0.17 * k, .body)
        ellipse(haunch.u + 0.14 * k, ground - 0.03 * k, 0.1 * k, 0.04 * k, .leg)
        ellipse(chest.u + 0.04 * k, chest.v + 0.06 * k, 0.14 * k, 0.17 * k, .body)
        leg(atU: chest.u + 0.02 * k, top: chest.v + 0.05 * k, part: .leg, hind: false)
        let head = (u: chest.u + 0.1 * k, v: chest.v - 0.24 * k)
        neck(from: (chest.u, chest.v - 0.04 * k), to: head)
        drawHead(atU: head.u, v: head.v)
    }

    // MARK: Head

    mutating func drawHead(atU u: Double, v: Double) {
        let size = 0.15 * scale * headScale
        painter.headX = u
        painter.headY = v
        painter.headSize = size
        let snout: Double
        switch look.snout {
        case .flat: snout = 0.25
        case .short: snout = 0.6
        case .medium: snout = 1.0
        case .long: snout = 1.45
        }
        // The far prick ear stands behind the skull; hanging ears are drawn over it, last.
        if look.ears == .erect || look.ears == .folded { standingEar(u - size * 0.55, v, size, far: true) }
        if look.coat == .fluffy || look.coat == .long {
            ellipse(u - size * 0.1, v + size * 0.1, size * 1.2, size * 1.15, .head)
        }
        ellipse(u, v, size * 1.05, size, .head)
        // Muzzle: a rounded block forward of the eyes, flatter and deeper on short faces.
        let tip = u + size * (0.55 + snout * 0.75)
        let top = v - size * (look.snout == .long ? 0.12 : 0.02)
        let bottom = v + size * (look.snout == .flat ? 0.75 : 0.6)
        polygon(
            [
                (u + size * 0.2, top - size * 0.1), (tip - size * 0.12, top), (tip, top + size * 0.2),
                (tip, bottom - size * 0.15), (tip - size * 0.15, bottom),
                (u + size * 0.1, bottom + size * 0.1),
            ],
            .muzzle)
        ellipse(tip - size * 0.15, (top + bottom) / 2 + size * 0.02, size * 0.2, (bottom - top) / 2, .muzzle)
        if look.coat == .wiry {
            // Beard and brows of a wire-haired dog.
            ellipse(tip - size * 0.3, bottom, size * 0.42, size * 0.22, .muzzle)
            ellipse(u + size * 0.45, v - size * 0.42, size * 0.3, size * 0.1, .head)
        }
        // Nose, mouth, eye.
        ellipse(tip - size * 0.02, top + size * 0.12, size * 0.17, size * 0.13, DogPainter.black)
        ellipse(tip + size * 0.04, top + size * 0.07, size * 0.05, size * 0.035, RGB(110, 104, 100))
        let mouth = bottom - size * 0.15
        line(
            [(tip - size * 0.08, mouth - size * 0.04), (u + size * 0.55, mouth)], width: size * 0.035,
            DogPainter.black.mixed(with: look.main, 0.35))
        if random.next() % 3 == 0 {
            ellipse(u + size * 0.62, mouth + size * 0.16, size * 0.14, size * 0.2, RGB(222, 104, 118))
        }
        let eye = (u + size * 0.42, v - size * 0.18)
        ellipse(eye.0, eye.1, size * 0.16, size * 0.17, DogPainter.black.mixed(with: RGB(90, 56, 30), 0.4))
        ellipse(eye.0 + size * 0.05, eye.1 - size * 0.06, size * 0.05, size * 0.05, .white)
        if look.ears == .erect || look.ears == .folded { standingEar(u - size * 0.2, v, size, far: false) }
        if look.ears == .drop || look.ears == .long { hangingEar(u, v, size) }
    }

    /// A prick ear; folded ears bend their tip forward.
    mutating func standingEar(_ u: Double, _ v: Double, _ size: Double, far: Bool) {
        let height = size * (look.size == .toy ? 1.05 : 0.9)
        let base = v - size * 0.55
        let part: DogPainter.Part = far ? .farLeg : .ear
        if look.ears == .erect {
            polygon(
                [
                    (u - size * 0.32, base + size * 0.15), (u + size * 0.02, base - height),
                    (u + size * 0.34, base + size * 0.1),
                ],
                part)
            if !far {
                polygon(
                    [
                        (u - size * 0.15, base + size * 0.05), (u + size * 0.02, base - height * 0.7),
                        (u + size * 0.18, base),
                    ],
                    RGB(220, 160, 150).mixed(with: look.main, 0.5))
            }
        } else {
            polygon(
                [
                    (u - size * 0.3, base + size * 0.15), (u, base - height * 0.55),
                    (u + size * 0.32, base + size * 0.1),
                ],
                part)
            polygon(
                [
                    (u - size * 0.05, base - height * 0.5), (u + size * 0.42, base - height * 0.2),
                    (u + size * 0.15, base + size * 0.05),
                ],
                part)
        }
    }

    /// A drop or long ear hanging from the back of the skull over the cheek: a rounded flap,
    /// down to the jaw (drop) or well below it (long), fuller on long and curly coats.
    mutating func hangingEar(_ u: Double, _ v: Double, _ size: Double) {
        let length = look.ears == .long ? size * 1.55 : size * 1.0
        let width =
            (look.ears == .long ? size * 0.44 : size * 0.38)
            * (look.coat == .long || look.coat == .curly ? 1.3 : 1)
        let top = v - size * 0.62
        let centre = u - size * 0.22
        polygon(
            [
                (centre - width * 0.6, top + size * 0.1), (centre + width * 0.5, top),
                (centre + width * 0.75, top + length * 0.55),
                (centre + width * 0.3, top + length), (centre - width * 0.5, top + length * 0.92),
                (centre - width * 0.85, top + length * 0.45),
            ],
            .ear)
        ellipse(centre - width * 0.05, top + length * 0.85, width * 0.62, length * 0.2, .ear)
    }

    // MARK: Tail and coat

    mutating func tail(from root: (Double, Double), lying: Bool = false) {
        let k = scale
        let (u, v) = root
        let points: [(Double, Double)]
        var width = 0.055 * k
        switch (look.tail, lying) {
        case (.stub, _):
            points = [(u + 0.02 * k, v), (u - 0.06 * k, v - 0.03 * k)]
        case (_, true):
            points = [
                (u + 0.05 * k, v), (u - 0.12 * k, v + 0.04 * k), (u - 0.26 * k, v + 0.07 * k),
                (u - 0.36 * k, v + 0.04 * k),
            ]
        case (.curled, false):
            points = [
                (u + 0.04 * k, v), (u - 0.08 * k, v - 0.14 * k), (u - 0.02 * k, v - 0.26 * k),
                (u + 0.12 * k, v - 0.24 * k), (u + 0.14 * k, v - 0.12 * k),
            ]
            width = 0.07 * k
        case (.up, false):
            points = [
                (u + 0.04 * k, v), (u - 0.1 * k, v - 0.1 * k), (u - 0.16 * k, v - 0.26 * k),
                (u - 0.15 * k, v - 0.36 * k),
            ]
        case (.down, false):
            points = [
                (u + 0.04 * k, v), (u - 0.1 * k, v + 0.08 * k), (u - 0.16 * k, v + 0.24 * k),
                (u - 0.13 * k, v + 0.38 * k),
            ]
        }
        let bushy = look.coat == .fluffy ? 2.0 : (look.coat == .long ? 1.6 : 1)
        line(Self.smoothed(points), width: width * bushy, .tail)
    }

    /// Tufts along an ellipse's outline: the outline of a fluffy or long coat.
    mutating func fur(around u: Double, _ v: Double, _ ru: Double, _ rv: Double, part: DogPainter.Part) {
        let count = 26
        for index in 0..<count {
            let angle = Double(index) / Double(count) * 2 * Double.pi + random.unit() * 0.2
            let (cu, cv) = (
                u + Trigonometry.cosine(angle) * ru * 0.98, v + Trigonometry.sine(angle) * rv * 0.98
            )
            let size = 0.05 * scale * (0.8 + random.unit() * 0.5)
            ellipse(cu, cv, size, size, part)
        }
    }

    /// The long hair that hangs under a long-coated dog's belly.
    mutating func feathering(from start: Double, to end: Double, at v: Double) {
        var u = start
        while u < end {
            let length = (0.07 + random.unit() * 0.05) * scale
            polygon(
                [(u - 0.03 * scale, v - 0.02), (u + 0.03 * scale, v - 0.02), (u + 0.01 * scale, v + length)],
                .body)
            u += 0.045 * scale
        }
    }
}
