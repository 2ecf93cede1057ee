/// Colours of a cat's parts at a point, in cat units: the cat fits the square from (-1, -1) to
/// (1, 1), y growing downward. The coat pattern is a function of position, so every shape that
/// is filled with it shows the same stripes, patches or spots.
struct CatPainter: FigurePainter {
    enum Part { case body, head, ear, leg, tail }

    let look: CatAppearance
    let seed: UInt64
    /// Centre and size of the head, for face markings.
    var headX = 0.0
    var headY = 0.0
    var headScale = 1.0

    static let white = RGB(246, 244, 238)
    static let skin = RGB(238, 184, 172)

    func color(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        let base = pattern(part, u, v)
        // Soft light from above: lower parts a little darker. This is `base.mixed(with: .black,
        // 0.06 + 0.06 * v)` written out: it runs once per painted pixel.
        var t = 0.06 + 0.06 * v
        t = 0 >= t ? 0 : (1 < t ? 1 : t)
        return RGB(Self.darken(base.r, t), Self.darken(base.g, t), Self.darken(base.b, t))
    }

    private static func darken(_ channel: UInt8, _ t: Double) -> UInt8 {
        let a = Double(Int(channel))
        return UInt8((a + (0 - a) * t).rounded())
    }

    private func pattern(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch look.pattern {
        case .solid: look.coat
        case .tabby: tabby(part, u, v)
        case .pointed: pointed(part, u, v)
        case .calico: calico(u, v)
        case .tortoiseshell: tortoiseshell(u, v)
        case .bicolor: bicolor(part, u, v)
        case .spotted: spotted(part, u, v)
        case .hairless: look.coat.mixed(with: Self.skin, 0.65)
        }
    }

    private func tabby(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        let stripe: Double
        switch part {
        case .tail, .leg: stripe = Trigonometry.sine(v * 26 + u * 4)
        case .head:
            let (hu, hv) = ((u - headX) / headScale, (v - headY) / headScale)
            // Forehead lines above the eyes, cheek lines beside them.
            stripe =
                hv < -0.12 ? Trigonometry.sine(hu * 38) - 0.2 : Trigonometry.sine(hv * 30 + hu.magnitude * 6)
        case .body, .ear: stripe = Trigonometry.sine(u * 18 + 2.2 * Trigonometry.sine(v * 5))
        }
        return stripe > 0.45 ? look.accent : look.coat
    }

    private func pointed(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .ear, .tail: return look.accent
        case .leg: return look.coat.mixed(with: look.accent, 0.75)
        case .body: return look.coat
        case .head:
            let (hu, hv) = ((u - headX) / headScale, (v - headY) / headScale - 0.1)
            let distance = (hu * hu * 1.6 + hv * hv).squareRoot()
            return look.coat.mixed(with: look.accent, 1.6 - distance * 5)
        }
    }

    private func calico(_ u: Double, _ v: Double) -> RGB {
        let orange = SeededRandom.noise(u * 3.2 + 7, v * 3.2, seed: seed)
        let black = SeededRandom.noise(u * 3.0, v * 3.0 + 11, seed: seed ^ 0xBEEF)
        if black > 0.62 { return look.accent }
        if orange > 0.52 { return look.coat }
        return Self.white
    }

    private func tortoiseshell(_ u: Double, _ v: Double) -> RGB {
        let coarse = SeededRandom.noise(u * 3.5, v * 3.5, seed: seed)
        let fine = SeededRandom.noise(u * 11, v * 11, seed: seed ^ 0xFACE)
        let t = coarse * 0.6 + fine * 0.4
        return look.accent.mixed(with: look.coat, (t - 0.45) * 5)
    }

    private func bicolor(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .leg: return Self.white
        case .ear, .tail: return look.coat
        case .body:
            let chest =
                (u - headX * 0.3) * (u - headX * 0.3) / 0.06 + (v - headY - 0.55 * headScale)
                * (v - headY - 0.55 * headScale) / 0.12
            return chest < 1 ? Self.white : look.coat
        case .head:
            let (hu, hv) = ((u - headX) / headScale, (v - headY) / headScale)
            return hv > 0.02 + hu.magnitude * 0.9 - 0.08 ? Self.white : look.coat
        }
    }

    private func spotted(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        guard part != .ear else { return look.coat }
        let size = part == .head ? 0.09 : 0.15
        let (cellX, cellY) = ((u / size).rounded(.down), (v / size).rounded(.down))
        let key = SeededRandom.mix(UInt64(bitPattern: Int64(cellX) &* 92_821 ^ Int64(cellY)) ^ seed)
        let jitterX = Double(key & 0xFF) / 255 * 0.5 + 0.25
        let jitterY = Double(key >> 8 & 0xFF) / 255 * 0.5 + 0.25
        let (dx, dy) = (u / size - cellX - jitterX, v / size - cellY - jitterY)
        return dx * dx + dy * dy < 0.07 ? look.accent : look.coat
    }
}
