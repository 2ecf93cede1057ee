/// The three poses and the background behind them.
extension CatCanvas {
    static let backgrounds: [(RGB, RGB)] = [
        (RGB(206, 228, 246), RGB(150, 190, 222)), (RGB(250, 232, 204), RGB(226, 186, 140)),
        (RGB(222, 240, 214), RGB(164, 204, 150)), (RGB(240, 222, 240), RGB(196, 170, 210)),
        (RGB(246, 246, 238), RGB(200, 200, 190)), (RGB(214, 226, 232), RGB(120, 140, 160)),
    ]

    /// A vertical gradient, and for the full-body poses a floor below the cat's paws.
    mutating func drawBackground() {
        let (top, bottom) = random.pick(Self.backgrounds)
        let floorLine = pose == .portrait ? Double(image.height) + 1 : y(0.8)
        let floor = bottom.mixed(with: RGB(120, 96, 70), 0.45)
        for row in 0..<image.height {
            let t = Double(row) / Double(max(image.height - 1, 1))
            let color =
                Double(row) + 0.5 >= floorLine
                ? floor.mixed(with: .black, t * 0.15) : top.mixed(with: bottom, t)
            image.fillRow(row, color)
        }
    }

    mutating func drawSitting() {
        tail([(0.3, 0.86), (0.62, 0.92), (0.84, 0.8), (0.9, 0.55), (0.82, 0.36)], width: 0.1)
        if painter.look.longHair { fur(around: 0, 0.36, 0.44, 0.54, count: 22, size: 0.07, part: .body) }
        ellipse(0, 0.36, 0.4, 0.52, .body)
        ellipse(-0.26, 0.66, 0.2, 0.24, .body)
        ellipse(0.26, 0.66, 0.2, 0.24, .body)
        for side in [-1.0, 1.0] {
            ellipse(side * 0.12, 0.62, 0.085, 0.26, .leg)
            ellipse(side * 0.13, 0.86, 0.1, 0.055, .leg)
            toes(side * 0.13, 0.88, size: 0.1)
        }
        drawHead(atX: 0, y: -0.36, scale: 1)
    }

    mutating func drawLying() {
        tail([(0.72, 0.52), (0.92, 0.66), (0.78, 0.8), (0.4, 0.84), (0.1, 0.84)], width: 0.09)
        if painter.look.longHair { fur(around: 0.12, 0.46, 0.72, 0.32, count: 28, size: 0.07, part: .body) }
        ellipse(0.12, 0.46, 0.7, 0.3, .body)
        ellipse(0.56, 0.56, 0.26, 0.22, .body)
        for offset in [0.0, 0.2] {
            ellipse(-0.5 + offset, 0.7, 0.15, 0.065, .leg)
            toes(-0.6 + offset, 0.72, size: 0.1)
        }
        drawHead(atX: -0.42, y: 0.06, scale: 0.9)
    }

    mutating func drawPortrait() {
        if painter.look.longHair { fur(around: 0, 1.05, 0.82, 0.6, count: 26, size: 0.09, part: .body) }
        ellipse(0, 1.05, 0.8, 0.6, .body)
        drawHead(atX: 0, y: 0.05, scale: 1.65)
    }

    /// Little tufts around an ellipse, for long-haired cats.
    mutating func fur(
        around u: Double, _ v: Double, _ ru: Double, _ rv: Double, count: Int, size: Double,
        part: CatPainter.Part,
        turns: ClosedRange<Double> = 0...1
    ) {
        for index in 0..<count {
            let turn =
                turns.lowerBound + (turns.upperBound - turns.lowerBound) * Double(index) / Double(count)
            let angle = turn * 2 * Double.pi
            let (cu, cv) = (u + Trigonometry.cosine(angle) * ru, v + Trigonometry.sine(angle) * rv)
            ellipse(cu, cv, size, size, part)
        }
    }

    /// Two short lines that split a paw into toes.
    mutating func toes(_ u: Double, _ v: Double, size: Double) {
        let shade = painter.color(.leg, u, v).mixed(with: .black, 0.35)
        for offset in [-0.3, 0.3] {
            line(
                [(u + offset * size, v - 0.2 * size), (u + offset * size, v + 0.3 * size)], width: 0.012,
                shade)
        }
    }
}
