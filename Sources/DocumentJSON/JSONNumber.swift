/// A JSON number kept as its literal text, so `2.50` is written back as `2.50` and large
/// integers lose no digits. Comparison is numeric: `2` equals `2.0`.
public struct JSONNumber: Sendable, CustomStringConvertible {
    /// The literal as it appeared in the input (or as formatted from a Swift number).
    public let text: String

    /// Wraps literal text that is already known to be a valid JSON number.
    public init(validatedText text: String) {
        self.text = text
    }

    /// Accepts text only when it is a valid JSON number literal.
    public init?(text: String) {
        guard JSONNumber.isValidLiteral(text.utf8) else { return nil }
        self.text = text
    }

    public init(_ value: Int) {
        text = String(value)
    }

    public init(_ value: Int64) {
        text = String(value)
    }

    /// Finite doubles only; whole values print without a fraction (`3`, not `3.0`).
    public init(_ value: Double) {
        precondition(value.isFinite, "JSON has no NaN or infinity")
        if value == value.rounded(), abs(value) < 1e15 {
            text = String(Int64(value))
        } else {
            text = "\(value)"
        }
    }

    public var description: String { text }

    public var doubleValue: Double { Double(text) ?? 0 }

    /// The value as an integer when the literal has no fraction or exponent and fits Int64.
    public var int64Value: Int64? {
        if text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            return nil
        }
        return Int64(text)
    }

    /// True when the literal is written without fraction or exponent (`2`, not `2.0`).
    public var isIntegerLiteral: Bool { int64Value != nil }

    package static func isValidLiteral(_ bytes: some Collection<UInt8>) -> Bool {
        var scanner = NumberScanner(bytes: Array(bytes))
        return scanner.scan() == bytes.count
    }
}

extension JSONNumber: Hashable {
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let left = lhs.int64Value, let right = rhs.int64Value { return left == right }
        return lhs.doubleValue == rhs.doubleValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(doubleValue)
    }
}

extension JSONNumber: Comparable {
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let left = lhs.int64Value, let right = rhs.int64Value { return left < right }
        return lhs.doubleValue < rhs.doubleValue
    }
}

/// Scans `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and returns how many bytes it took,
/// or nil when the grammar is broken.
struct NumberScanner {
    let bytes: [UInt8]
    var index = 0

    mutating func scan() -> Int? {
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return nil }
        }
        if let byte = peek, byte | 0x20 == UInt8(ascii: "e") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { return nil }
        }
        return index
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func digits() -> Int {
        let start = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}
