extension JSONValue {
    /// Compact JSON text: no spaces, no trailing newline, keys in stored order.
    public func serialized() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text to `bytes`.
    public func write(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number): bytes.append(contentsOf: number.text.utf8)
        case .string(let string): JSONValue.writeString(string, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object): object.write(to: &bytes)
        }
    }

    /// Appends `string` as a quoted JSON string, escaping quotes, backslashes and control
    /// characters. Runs of bytes that need no escape are copied in one piece, since this runs
    /// for every key and string value of every document written.
    ///
    /// This is restlite's one JSON string escaper: every module that writes JSON text, by
    /// value or by hand, quotes its strings here (or through `writeString(_:to:)` for `String`
    /// output), so all of them escape alike.
    public static func writeString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard needsEscape(byte) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(of: byte, to: &bytes)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `string` as a quoted JSON string to `text`, escaped exactly as
    /// `writeString(_:to:)` escapes it into bytes.
    ///
    /// ```swift
    /// var text = "{\"name\":"
    /// JSONValue.writeString("say \"hi\"", to: &text)  // {"name":"say \"hi\""
    /// ```
    public static func writeString(_ string: String, to text: inout String) {
        guard string.utf8.contains(where: needsEscape) else {
            text += "\""
            text += string
            text += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 8)
        writeString(string, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// A quote, a backslash or a control character: the bytes JSON text cannot hold as they are.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
    }

    private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: Array("u00".utf8))
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}

extension JSONObject {
    /// Compact JSON text of the object.
    public func serialized() -> String {
        JSONValue.object(self).serialized()
    }

    /// Appends the compact JSON text of the object to `bytes`.
    public func write(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (position, member) in members.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            member.value.write(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
