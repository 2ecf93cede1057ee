/// A 24-bit colour.
public struct RGB: Sendable, Hashable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Parses `"ff4444"`, `"f44"`, `"#ff4444"` or `"#f44"`; nil for anything else.
    public init?(hex: String) {
        var digits = Array(hex.utf8)
        if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
        var values: [UInt8] = []
        for digit in digits {
            guard let value = Self.hexValue(digit) else { return nil }
            values.append(value)
        }
        switch values.count {
        case 3: self.init(values[0] * 17, values[1] * 17, values[2] * 17)
        case 6: self.init(values[0] << 4 | values[1], values[2] << 4 | values[3], values[4] << 4 | values[5])
        default: return nil
        }
    }

    /// The lower-case six-digit form, without `#`.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        let bytes = [r >> 4, r & 15, g >> 4, g & 15, b >> 4, b & 15].map { digits[Int($0)] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Perceived brightness 0...255 (ITU-R BT.601 weights).
    public var luma: Int { (Int(r) * 299 + Int(g) * 587 + Int(b) * 114) / 1000 }

    /// `self` moved toward `other` by `t` (0 = self, 1 = other).
    public func mixed(with other: RGB, _ t: Double) -> RGB {
        // Asked once per painted pixel: no generic `min`/`max`/`clamping` (calls in a debug build).
        let t = 0 >= t ? 0 : (1 < t ? 1 : t)
        return RGB(Self.mix(r, other.r, t), Self.mix(g, other.g, t), Self.mix(b, other.b, t))
    }

    private static func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        let (a, b) = (Double(Int(a)), Double(Int(b)))
        let value = Int((a + (b - a) * t).rounded())
        return UInt8(value < 0 ? 0 : (value > 255 ? 255 : value))
    }

    public static let white = RGB(255, 255, 255)
    public static let black = RGB(0, 0, 0)

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
