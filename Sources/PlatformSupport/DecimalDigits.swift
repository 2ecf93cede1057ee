/// Integers as ASCII decimal digits, written straight into a byte buffer: no string is made.
/// The response head's status code and length, and an ISO date's fields, are written this way.
package enum DecimalDigits {
    /// `value` in decimal, zero-padded to at least `width` digits (a wider value keeps all its
    /// digits). A negative value is written as `String(value)` writes it.
    package static func append(_ value: Int64, width: Int = 1, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        var divisor: Int64 = 1
        var digits = 1
        while digits < width || divisor <= value / 10 {
            divisor *= 10
            digits += 1
        }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
