/// How a cat's coat is marked.
public enum CoatPattern: String, Sendable, CaseIterable {
    case solid, tabby, pointed, calico, tortoiseshell, bicolor, spotted, hairless
}

/// What a drawn cat looks like: coat and accent colours, the pattern that combines them, eye
/// colour and a few build traits.
public struct CatAppearance: Sendable, Hashable {
    public var coat: RGB
    public var accent: RGB
    public var pattern: CoatPattern
    public var eyes: RGB
    public var longHair: Bool
    public var foldedEars: Bool
    public var shortTail: Bool

    public init(
        coat: RGB, accent: RGB, pattern: CoatPattern, eyes: RGB, longHair: Bool = false,
        foldedEars: Bool = false, shortTail: Bool = false
    ) {
        self.coat = coat
        self.accent = accent
        self.pattern = pattern
        self.eyes = eyes
        self.longHair = longHair
        self.foldedEars = foldedEars
        self.shortTail = shortTail
    }

    /// A plausible cat chosen by `seed` (same seed, same cat), for pictures with no breed.
    public static func variety(_ seed: UInt64) -> CatAppearance {
        var random = SeededRandom(seed: seed ^ 0xC47_5EED)
        let pattern = random.pick(
            CoatPattern.allCases.filter { $0 != .hairless } + [.tabby, .solid, .bicolor])
        let coats: [(RGB, RGB)]
        switch pattern {
        case .pointed:
            coats = [(RGB(240, 228, 205), RGB(92, 64, 48)), (RGB(236, 232, 226), RGB(120, 124, 140))]
        case .calico, .tortoiseshell: coats = [(RGB(222, 140, 62), RGB(40, 34, 32))]
        case .tabby, .spotted:
            coats = [
                (RGB(200, 150, 96), RGB(92, 60, 36)), (RGB(160, 160, 160), RGB(60, 60, 64)),
                (RGB(228, 150, 80), RGB(170, 86, 36)),
            ]
        default:
            coats = [
                (RGB(36, 34, 38), RGB(20, 20, 22)), (RGB(226, 140, 64), RGB(180, 96, 40)),
                (RGB(132, 136, 150), RGB(96, 100, 112)), (RGB(242, 238, 230), RGB(210, 200, 190)),
                (RGB(118, 80, 52), RGB(80, 52, 34)), (RGB(236, 214, 170), RGB(200, 160, 110)),
            ]
        }
        let (coat, accent) = random.pick(coats)
        let eyes = random.pick([
            RGB(120, 190, 70), RGB(230, 190, 40), RGB(210, 140, 40), RGB(80, 150, 220), RGB(160, 200, 90),
        ])
        return CatAppearance(
            coat: coat, accent: accent, pattern: pattern,
            eyes: pattern == .pointed ? RGB(80, 150, 220) : eyes,
            longHair: random.next() % 4 == 0, foldedEars: random.next() % 9 == 0,
            shortTail: random.next() % 10 == 0)
    }

    /// A stable 64-bit digest (unlike `hashValue`, the same in every run).
    var digest: UInt64 {
        var value: UInt64 = 0x5151_7A7A
        for byte in [coat.r, coat.g, coat.b, accent.r, accent.g, accent.b, eyes.r, eyes.g, eyes.b] {
            value = SeededRandom.mix(value ^ UInt64(byte))
        }
        value = SeededRandom.mix(value ^ UInt64(CoatPattern.allCases.firstIndex(of: pattern) ?? 0))
        let traits = (longHair ? 1 : 0) | (foldedEars ? 2 : 0) | (shortTail ? 4 : 0)
        return SeededRandom.mix(value ^ UInt64(traits))
    }
}

/// SplitMix64: a small, fast generator whose sequence depends on the seed alone.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A value in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }

    /// Smooth value noise in 0...1 at (x, y), lattice spacing 1, for the given seed.
    static func noise(_ x: Double, _ y: Double, seed: UInt64) -> Double {
        let (fx, fy) = (x.rounded(.down), y.rounded(.down))
        let (ix, iy) = (Int64(fx), Int64(fy))
        let (tx, ty) = (smooth(x - fx), smooth(y - fy))
        func corner(_ dx: Int64, _ dy: Int64) -> Double {
            let key = UInt64(bitPattern: (ix + dx) &* 73_856_093 ^ (iy + dy) &* 19_349_663)
            return Double(mix(key ^ seed) >> 11) / Double(1 << 53)
        }
        let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * tx
        let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * tx
        return top + (bottom - top) * ty
    }

    private static func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}
