/// The head: ears, face, eyes, nose, mouth and whiskers, all placed relative to its centre.
extension CatCanvas {
    mutating func drawHead(atX hx: Double, y hy: Double, scale s: Double) {
        painter.headX = hx
        painter.headY = hy
        painter.headScale = s
        let look = painter.look
        func at(_ a: Double, _ b: Double) -> (Double, Double) { (hx + a * s, hy + b * s) }
        drawEars(at)
        if look.longHair {
            ellipse(hx, hy + 0.2 * s, 0.4 * s, 0.16 * s, .head)
            // A ruff along the cheeks and chin only, so the ears stay clear.
            fur(
                around: hx, hy + 0.05 * s, 0.38 * s, 0.27 * s, count: 12, size: 0.06 * s, part: .head,
                turns: 0.02...0.48)
        }
        ellipse(hx, hy, 0.37 * s, 0.3 * s, .head)
        ellipse(hx, hy + 0.08 * s, 0.4 * s, 0.22 * s, .head)
        if look.pattern == .hairless { drawWrinkles(at, scale: s) }
        let muzzle = painter.color(.head, hx, hy + 0.14 * s).mixed(with: .white, 0.25)
        for side in [-1.0, 1.0] {
            let (mu, mv) = at(side * 0.06, 0.15)
            ellipse(mu, mv, 0.075 * s, 0.055 * s, muzzle)
        }
        drawEyes(at, scale: s)
        drawNoseAndMouth(at, scale: s)
        drawWhiskers(at, scale: s)
    }

    private mutating func drawEars(_ at: (Double, Double) -> (Double, Double)) {
        let folded = painter.look.foldedEars
        let big = painter.look.pattern == .hairless ? 1.2 : 1
        for side in [-1.0, 1.0] {
            let outer = at(side * 0.36, -0.08)
            let inner = at(side * 0.06, -0.26)
            let tip = folded ? at(side * 0.3, -0.34) : at(side * 0.3 * big, -0.56 * big)
            polygon([outer, inner, tip], .ear)
            let pink = CatPainter.skin.mixed(with: painter.color(.ear, tip.0, tip.1), 0.25)
            if folded {
                let crease = painter.color(.ear, tip.0, tip.1).mixed(with: .black, 0.3)
                line([at(side * 0.31, -0.2), at(side * 0.14, -0.26)], width: 0.02, crease)
            } else {
                let inset = [
                    at(side * 0.3, -0.14), at(side * 0.12, -0.25), at(side * 0.28 * big, -0.47 * big),
                ]
                polygon(inset, pink)
            }
        }
    }

    private mutating func drawEyes(_ at: (Double, Double) -> (Double, Double), scale s: Double) {
        let look = painter.look
        let pupilWidth = 0.018 + random.unit() * 0.03
        let gaze = (random.unit() - 0.5) * 0.02
        for side in [-1.0, 1.0] {
            let (eu, ev) = at(side * 0.15, -0.02)
            ellipse(eu, ev, 0.085 * s, 0.072 * s, RGB(30, 26, 24))
            ellipse(eu, ev, 0.07 * s, 0.06 * s, look.eyes)
            ellipse(eu + gaze * s, ev, pupilWidth * s, 0.055 * s, RGB(12, 10, 10))
            ellipse(eu + (gaze + 0.022) * s, ev - 0.024 * s, 0.016 * s, 0.016 * s, .white)
        }
    }

    private mutating func drawNoseAndMouth(_ at: (Double, Double) -> (Double, Double), scale s: Double) {
        let dark = painter.look.coat.luma < 90
        let nose = dark ? RGB(70, 56, 58) : RGB(226, 130, 140)
        polygon([at(-0.045, 0.07), at(0.045, 0.07), at(0, 0.115)], nose)
        let mouth = dark ? RGB(20, 18, 18) : RGB(70, 50, 46)
        line([at(0, 0.115), at(0, 0.15)], width: 0.012 * s, mouth)
        line([at(-0.06, 0.18), at(-0.03, 0.175), at(0, 0.15)], width: 0.012 * s, mouth)
        line([at(0.06, 0.18), at(0.03, 0.175), at(0, 0.15)], width: 0.012 * s, mouth)
    }

    private mutating func drawWhiskers(_ at: (Double, Double) -> (Double, Double), scale s: Double) {
        let light = painter.look.coat.luma < 110 || painter.look.pattern == .calico
        let color = light ? RGB(236, 236, 230) : RGB(60, 56, 52)
        for side in [-1.0, 1.0] {
            for (index, droop) in [-0.07, 0.0, 0.07].enumerated() {
                let start = at(side * 0.12, 0.12 + Double(index) * 0.02)
                let end = at(side * 0.62, 0.06 + droop * 1.6)
                line([start, end], width: 0.008 * s, color)
            }
        }
    }

    /// Curved lines on the forehead and cheeks of a hairless cat.
    private mutating func drawWrinkles(_ at: (Double, Double) -> (Double, Double), scale s: Double) {
        let crease = painter.color(.head, at(0, -0.2).0, at(0, -0.2).1).mixed(with: RGB(120, 60, 60), 0.35)
        for row in 0..<3 {
            let b = -0.22 + Double(row) * 0.045
            line([at(-0.14, b + 0.02), at(0, b), at(0.14, b + 0.02)], width: 0.01 * s, crease)
        }
        for side in [-1.0, 1.0] {
            line([at(side * 0.3, 0.0), at(side * 0.26, 0.1)], width: 0.01 * s, crease)
        }
    }
}
