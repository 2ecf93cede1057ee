/// Sine and cosine without Foundation: reduce to [-π, π], then a Taylor polynomial, which is
/// accurate to about 1e-7 there; plenty for drawing.
enum Trigonometry {
    static func sine(_ angle: Double) -> Double {
        var x = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if x > Double.pi { x -= 2 * Double.pi } else if x < -Double.pi { x += 2 * Double.pi }
        // Fold into [-π/2, π/2], where the series converges fast.
        if x > Double.pi / 2 { x = Double.pi - x } else if x < -Double.pi / 2 { x = -Double.pi - x }
        let x2 = x * x
        return x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110)))))
    }

    static func cosine(_ angle: Double) -> Double { sine(angle + Double.pi / 2) }
}
