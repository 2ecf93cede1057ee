/// A recursive-descent JSON reader over raw UTF-8 bytes. It keeps number literals as text and
/// object keys in order, and reports the position of the first error.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw error("the text is empty; expected a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describeByte()) after the JSON value") }
        return value
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeByte()); expected a JSON value")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONObject {
        try enterNesting()
        index += 1
        var members: [JSONObject.Member] = []
        var positions: [String: Int]? = nil
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONObject(uniqueMembers: members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describeByte())")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            Self.insert(key, value, into: &members, positions: &positions)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return JSONObject(uniqueMembers: members)
            default: throw error("expected ',' or '}' in object, found \(describeByte())")
            }
        }
    }

    /// A repeated key keeps its first position and takes the last value; large objects switch
    /// to a dictionary so duplicate checks stay linear.
    private static func insert(
        _ key: String, _ value: JSONValue, into members: inout [JSONObject.Member],
        positions: inout [String: Int]?
    ) {
        if positions == nil, members.count >= 16 {
            positions = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        }
        if var table = positions {
            if let existing = table[key] {
                members[existing].value = value
            } else {
                table[key] = members.count
                members.append(.init(key: key, value: value))
            }
            positions = table
        } else if let existing = members.firstIndex(where: { $0.key == key }) {
            members[existing].value = value
        } else {
            members.append(.init(key: key, value: value))
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> [JSONValue] {
        try enterNesting()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return elements
            default: throw error("expected ',' or ']' in array, found \(describeByte())")
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw error("a number needs digits")
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("a number needs digits after '.'") }
        }
        if let byte = peek, byte | 0x20 == UInt8(ascii: "e") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(validatedText: text)
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = try decodeUTF8(start..<index)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw error("a control character must be escaped inside a string") }
            index += 1
        }
        throw error("a string is not closed")
    }

    /// The slow path, taken only once a backslash is seen.
    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var utf8 = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validUTF8: utf8) else {
                    throw error("a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try appendEscape(to: &utf8)
            case 0..<0x20:
                throw error("a control character must be escaped inside a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
        throw error("a string is not closed")
    }

    private mutating func appendEscape(to utf8: inout [UInt8]) throws(JSONParseError) {
        guard let byte = peek else { throw error("a string ends inside an escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
        default: throw error("unknown escape '\\\(Character(Unicode.Scalar(byte)))' in a string")
        }
    }

    private mutating func unicodeEscape() throws(JSONParseError) -> [UInt8] {
        var scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a \\u escape holds half of a surrogate pair") }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw error("a \\u escape holds a broken surrogate pair")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("a \\u escape holds half of a surrogate pair")
        }
        return Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func decodeUTF8(_ range: Range<Int>) throws(JSONParseError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if !slice.contains(where: { $0 >= 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validUTF8: slice) else {
            throw error("a string is not valid UTF-8")
        }
        return text
    }

    private mutating func expectWord(_ word: String) throws(JSONParseError) {
        let expected = word.utf8
        let matches =
            index + expected.count <= bytes.count
            && zip(bytes[index...], expected).allSatisfy { $0 == $1 }
        guard matches else { throw error("unexpected \(describeByte()); expected a JSON value") }
        index += expected.count
    }

    private mutating func enterNesting() throws(JSONParseError) {
        depth += 1
        if depth > JSON.maximumDepth { throw error("nesting is deeper than \(JSON.maximumDepth) levels") }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeByte() -> String {
        guard let byte = peek else { return "end of text" }
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func error(_ reason: String) -> JSONParseError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONParseError(reason: reason, offset: index, line: line, column: column)
    }
}
