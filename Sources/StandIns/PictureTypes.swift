// Replaced by the Pictures module at merge.

/// The file formats the picture encoders write.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, bmp

    /// The media type of the format.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        }
    }

    /// The format of a file extension (`jpg`, `jpeg`, `png`, `gif`, `bmp`), any case.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "gif": self = .gif
        case "bmp": self = .bmp
        default: return nil
        }
    }
}

/// How a cat's coat is marked.
public enum CoatPattern: String, Sendable, CaseIterable {
    case solid, tabby, pointed, calico, tortoiseshell, bicolor, spotted, hairless
}

/// A colour of 8-bit channels.
public struct RGB: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }
}

/// What a drawn cat looks like.
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
}

extension CatAppearance {
    /// A deterministic, varied look for `seed` (for cats of no particular breed).
    public static func variety(_ seed: UInt64) -> CatAppearance {
        let coats = [
            RGB(30, 28, 30), RGB(240, 236, 228), RGB(215, 130, 55), RGB(130, 140, 155),
            RGB(110, 70, 40), RGB(190, 190, 195), RGB(238, 220, 180), RGB(176, 110, 60),
        ]
        let eyes = [RGB(90, 160, 70), RGB(215, 170, 40), RGB(70, 130, 210), RGB(200, 110, 40)]
        let patterns: [CoatPattern] = [.solid, .tabby, .calico, .tortoiseshell, .bicolor, .tabby, .spotted]
        var state = seed
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        let coatIndex = next() % coats.count
        let accentIndex = (coatIndex + 1 + next() % (coats.count - 1)) % coats.count
        let coat = coats[coatIndex]
        let accent = coats[accentIndex]
        return CatAppearance(
            coat: coat, accent: accent, pattern: patterns[next() % patterns.count],
            eyes: eyes[next() % eyes.count],
            longHair: next() % 4 == 0)
    }
}
