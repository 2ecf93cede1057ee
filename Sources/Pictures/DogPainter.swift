/// Colours of a dog's parts at a point, in dog units (the dog fits the square from (-1, -1) to
/// (1, 1), y growing downward). The marking pattern is a function of position and part, so
/// every shape filled with a part shows the same saddle, spots or patches.
struct DogPainter: FigurePainter {
    enum Part { case body, head, muzzle, ear, leg, farLeg, tail }

    let look: DogAppearance
    let seed: UInt64
    /// The body's centre line and the height of its back, for saddles and chests.
    var bodyY = 0.0
    var backY = 0.0
    /// The front of the chest (toward the head), in u.
    var chestX = 0.4
    /// The ground line, for leg markings.
    var groundY = 0.8
    /// Where the head is, for face markings.
    var headX = 0.5
    var headY = -0.2
    var headSize = 0.2

    static let white = RGB(244, 241, 234)
    static let tan = RGB(178, 102, 46)
    static let black = RGB(30, 27, 26)

    func color(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        var base = pattern(part, u, v)
        if look.coat == .curly || look.coat == .wiry {
            // Curls and wire hair: a fine texture of lighter and darker tufts.
            let grain = SeededRandom.noise(u * 46, v * 46, seed: seed ^ 0xC0A7)
            base = base.mixed(with: grain > 0.5 ? .white : .black, (grain - 0.5).magnitude * 0.35)
        }
        if part == .farLeg { base = base.mixed(with: .black, 0.18) }
        if part == .ear { base = base.mixed(with: .black, 0.14) }
        return base.mixed(with: .black, 0.04 + 0.07 * (v - bodyY))
    }

    private var isDark: Bool {
        Int(look.main.r) + Int(look.main.g) + Int(look.main.b) < 240
    }

    private func pattern(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch look.pattern {
        case .solid: return look.main
        case .points: return points(part, u, v)
        case .saddle: return saddle(part, u, v)
        case .spots: return spots(part, u, v)
        case .patches: return patches(part, u, v)
        case .tricolour: return tricolour(part, u, v)
        case .blaze: return blaze(part, u, v)
        case .brindle: return brindle(part, u, v)
        case .mask: return mask(part, u, v)
        }
    }

    /// Face coordinates: 0 at the head's centre, 1 at its edge.
    private func face(_ u: Double, _ v: Double) -> (Double, Double) {
        ((u - headX) / headSize, (v - headY) / headSize)
    }

    private func isChest(_ u: Double, _ v: Double) -> Bool {
        let (du, dv) = ((u - chestX) / 0.16, (v - bodyY - 0.02) / 0.2)
        return du * du + dv * dv < 1
    }

    private func isLowerLeg(_ v: Double) -> Bool { v > groundY - (groundY - bodyY) * 0.45 }

    private func points(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .muzzle: return look.accent
        case .leg, .farLeg: return isLowerLeg(v) ? look.accent : look.main
        case .head:
            let (fu, fv) = face(u, v)
            let brow = (fu - 0.45) * (fu - 0.45) + (fv + 0.42) * (fv + 0.42) < 0.03
            return brow || fv > 0.45 ? look.accent : look.main
        case .body: return isChest(u, v) && v > bodyY ? look.accent : look.main
        case .ear, .tail: return look.main
        }
    }

    private func saddle(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .body:
            let edge = backY + (bodyY - backY) * 1.25 + 0.03 * Trigonometry.sine(u * 9)
            return v < edge && u < chestX + 0.02 ? look.accent : look.main
        case .tail: return look.accent
        case .ear: return look.pattern == .saddle && look.size == .large ? look.main : look.accent
        case .head, .muzzle, .leg, .farLeg: return look.main
        }
    }

    private func spots(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        if part == .ear { return look.accent }
        let size = part == .head || part == .muzzle ? 0.05 : 0.075
        let (cellX, cellY) = ((u / size).rounded(.down), (v / size).rounded(.down))
        let key = SeededRandom.mix(UInt64(bitPattern: Int64(cellX) &* 92_821 ^ Int64(cellY)) ^ seed)
        guard key & 3 != 0 else { return look.main }
        let jitterX = Double(key >> 2 & 0xFF) / 255 * 0.4 + 0.3
        let jitterY = Double(key >> 10 & 0xFF) / 255 * 0.4 + 0.3
        let (dx, dy) = (u / size - cellX - jitterX, v / size - cellY - jitterY)
        return dx * dx + dy * dy < 0.09 ? look.accent : look.main
    }

    /// Large coloured patches on a white coat; the head mostly coloured with a white blaze.
    private func patches(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .ear: return look.accent
        case .muzzle, .leg, .farLeg: return look.main
        case .head:
            let (fu, _) = face(u, v)
            return (fu - 0.15).magnitude < 0.22 ? look.main : look.accent
        case .body, .tail:
            let blotch = SeededRandom.noise(u * 3.4 + 5, v * 3.4, seed: seed)
            return blotch > 0.56 ? look.accent : look.main
        }
    }

    /// A principal colour, white chest, muzzle, feet and tail tip, and a third colour: tan
    /// cheeks, brows and legs on a dark dog, a black saddle on a light one.
    private func tricolour(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        let third = isDark ? Self.tan : Self.black
        switch part {
        case .muzzle: return look.accent
        case .leg, .farLeg:
            if v > groundY - 0.08 { return look.accent }
            return isDark ? (isLowerLeg(v) ? third : look.main) : look.main
        case .head:
            let (fu, fv) = face(u, v)
            if (fu - 0.1).magnitude < 0.12 && fv < 0.2 { return look.accent }
            if isDark && (fv > 0.25 || (fu - 0.45) * (fu - 0.45) + (fv + 0.38) * (fv + 0.38) < 0.03) {
                return third
            }
            return look.main
        case .body:
            if isChest(u, v) { return look.accent }
            if !isDark && v < backY + (bodyY - backY) * 1.2 && u < chestX - 0.05 { return third }
            return look.main
        case .tail: return v > bodyY + 0.1 || u < -0.9 ? look.accent : (isDark ? look.main : third)
        case .ear: return look.main
        }
    }

    private func blaze(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .muzzle: return look.accent
        case .leg, .farLeg: return v > groundY - 0.1 ? look.accent : look.main
        case .head:
            let (fu, fv) = face(u, v)
            return fv > 0.3 || ((fu - 0.25).magnitude < 0.1 && fv < 0.1) ? look.accent : look.main
        case .body: return isChest(u, v) ? look.accent : look.main
        case .ear, .tail: return look.main
        }
    }

    private func brindle(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        if part == .muzzle { return look.accent }
        let stripe = Trigonometry.sine(u * 34 + 3 * SeededRandom.noise(u * 4, v * 4, seed: seed))
        return stripe > 0.55 ? look.accent : look.main
    }

    private func mask(_ part: Part, _ u: Double, _ v: Double) -> RGB {
        switch part {
        case .muzzle, .ear: return look.accent
        case .head:
            let (fu, fv) = face(u, v)
            return fu > 0.35 && fv > -0.3 ? look.main.mixed(with: look.accent, 0.7) : look.main
        default: return look.main
        }
    }
}
