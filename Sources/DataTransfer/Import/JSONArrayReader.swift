import DocumentJSON
import DocumentStore

/// Reads the objects of a top-level JSON array one at a time. It finds each element's end
/// with a cheap scan (strings, escapes and nesting only), then parses just that element, so
/// errors carry the element's line and only one document is alive at a time.
struct JSONArrayReader {
    private let bytes: [UInt8]
    private let file: String
    private var index: Int
    private var line = 1
    private var finished = false
    private var first = true

    init(bytes: [UInt8], file: String) throws(ImportError) {
        self.bytes = bytes
        self.file = file
        index = ImportFormat.startAfterByteOrderMark(bytes)
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else {
            throw ImportError(file: file, line: line, message: "a JSON array file must start with '['")
        }
        index += 1
    }

    /// How far into the file reading has got, in bytes.
    var bytesRead: Int { index }

    mutating func next() throws(ImportError) -> ImportRecord? {
        if finished { return nil }
        skipWhitespace()
        if first, index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            try finish()
            return nil
        }
        first = false
        let start = index
        let startLine = line
        let end = try scanElement()
        let object = try parseObject(bytes[start..<end], line: startLine)
        if bytes[index] == UInt8(ascii: "]") {
            try finish()
        } else {
            index += 1  // the comma
        }
        return ImportRecord(document: object, line: startLine)
    }

    private func parseObject(_ slice: ArraySlice<UInt8>, line startLine: Int) throws(ImportError)
        -> JSONObject
    {
        let value: JSONValue
        do {
            value = try JSON.parse(slice)
        } catch {
            throw ImportError(
                file: file, line: startLine + error.line - 1, message: "broken JSON: \(error.reason)")
        }
        guard case .object(let object) = value else {
            throw ImportError(
                file: file, line: startLine, message: "expected an object, found \(Phrase.kind(of: value))")
        }
        return object
    }

    /// Moves to the ',' or ']' that ends the element starting at `index` and returns its position.
    private mutating func scanElement() throws(ImportError) -> Int {
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte == 0x0A {
                    line += 1
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 {
                        guard byte == UInt8(ascii: "]") else { break }  // a stray '}': the parse reports it
                        return index  // the array's own ']'
                    }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return index }
                case 0x0A: line += 1
                default: break
                }
            }
            index += 1
        }
        throw ImportError(file: file, line: line, message: "broken JSON: the array is not closed with ']'")
    }

    private mutating func finish() throws(ImportError) {
        index += 1
        finished = true
        skipWhitespace()
        if index < bytes.count {
            throw ImportError(
                file: file, line: line, message: "broken JSON: unexpected text after the array's ']'")
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                line += 1
                index += 1
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }
}
