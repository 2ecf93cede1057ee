/// Percent-decoding for paths and query strings.
public enum PercentDecoding {
    /// Decodes `%XY` triplets; a malformed triplet stays literal and invalid UTF-8 becomes
    /// U+FFFD. With `plusIsSpace` (query strings) `+` becomes a space and `%2B` a plus.
    public static func decode(_ text: some StringProtocol, plusIsSpace: Bool) -> String {
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "+") && plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let (value, next) = hexPair(utf8, at: index) {
                bytes.append(value)
                index = next
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when every `%` starts a triplet of `%` and two hex digits (RFC 3986 §2.1), so
    /// `decode` would leave nothing literal; `a%zz`, `a%4` and a trailing `%` are false.
    public static func isValidEncoding(_ text: some StringProtocol) -> Bool {
        // Every request's path comes here: its bytes in place when they lie together (a native
        // string's do), without the string's index arithmetic. Other text is made native first.
        if let valid = text.utf8.withContiguousStorageIfAvailable(isValidEncoding(bytes:)) { return valid }
        var native = String(text)
        native.makeContiguousUTF8()
        return native.utf8.withContiguousStorageIfAvailable(isValidEncoding(bytes:)) ?? false
    }

    private static func isValidEncoding(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil,
                hexValue(bytes[index + 2]) != nil
            else { return false }
            index += 3
        }
        return true
    }

    /// `a=1&b=x+y&c` as decoded `(name, value)` pairs; empty pieces are skipped.
    public static func queryItems(_ query: some StringProtocol) -> [(name: String, value: String)] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { piece in
            if let equals = piece.firstIndex(of: "=") {
                return (
                    name: decode(piece[..<equals], plusIsSpace: true),
                    value: decode(piece[piece.index(after: equals)...], plusIsSpace: true)
                )
            }
            return (name: decode(piece, plusIsSpace: true), value: "")
        }
    }

    private static func hexPair<View: Collection<UInt8>>(
        _ view: View, at index: View.Index
    ) -> (UInt8, View.Index)? {
        guard index != view.endIndex, let high = hexValue(view[index]) else { return nil }
        let second = view.index(after: index)
        guard second != view.endIndex, let low = hexValue(view[second]) else { return nil }
        return (high << 4 | low, view.index(after: second))
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
