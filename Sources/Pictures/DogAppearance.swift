/// What a drawn dog looks like: build, ears, muzzle, coat, tail and the two colours its marking
/// pattern combines. Each trait's raw value is the word the breed tables use for it.
public struct DogAppearance: Sendable, Hashable {
    /// Overall build: toy dogs are small in the frame with a large head; giants fill it.
    public enum Size: String, Sendable, CaseIterable { case toy, small, medium, large, giant }
    /// `erect` prick ears, `folded` (tips fall forward), `drop` (hang beside the cheek),
    /// `long` (pendant ears below the jaw, as on hounds and spaniels).
    public enum Ears: String, Sendable, CaseIterable { case erect, folded, drop, long }
    /// Muzzle length, from flat-faced to sighthound-long.
    public enum Snout: String, Sendable, CaseIterable { case flat, short, medium, long }
    public enum Coat: String, Sendable, CaseIterable { case smooth, long, curly, wiry, fluffy }
    public enum Legs: String, Sendable, CaseIterable { case short, normal, long }
    public enum Tail: String, Sendable, CaseIterable { case curled, down, up, stub }
    /// How `main` and `accent` are laid out: `points` (tan brows, muzzle and legs on a dark
    /// coat), `saddle` (a dark back), `spots`, `patches` (coloured patches on a white coat),
    /// `tricolour` (dark back, tan face, white chest), `blaze` (white chest and muzzle),
    /// `brindle` (dark stripes) or `mask` (dark muzzle and ears).
    public enum Pattern: String, Sendable, CaseIterable {
        case solid, points, saddle, spots, patches, tricolour, blaze, brindle, mask
    }

    public var size: Size
    public var ears: Ears
    public var snout: Snout
    public var coat: Coat
    public var legs: Legs
    public var tail: Tail
    public var pattern: Pattern
    public var main: RGB
    public var accent: RGB

    public init(
        size: Size, ears: Ears, snout: Snout, coat: Coat, legs: Legs = .normal, tail: Tail = .down,
        pattern: Pattern = .solid, main: RGB, accent: RGB? = nil
    ) {
        self.size = size
        self.ears = ears
        self.snout = snout
        self.coat = coat
        self.legs = legs
        self.tail = tail
        self.pattern = pattern
        self.main = main
        self.accent = accent ?? main.mixed(with: .black, 0.35)
    }

    /// A stable 64-bit digest of the look, to seed the painter.
    var digest: UInt64 {
        var value: UInt64 = 0xD06
        for part in [
            size.rawValue, ears.rawValue, snout.rawValue, coat.rawValue, legs.rawValue, tail.rawValue,
            pattern.rawValue,
        ] {
            for byte in part.utf8 { value = SeededRandom.mix(value ^ UInt64(byte)) }
        }
        for color in [main, accent] {
            value = SeededRandom.mix(value ^ UInt64(color.r) << 16 ^ UInt64(color.g) << 8 ^ UInt64(color.b))
        }
        return value
    }
}
