import DocumentJSON

/// A plain merge (an update of top-level fields, no operators) done on the stored JSON text:
/// each changed member's value bytes are replaced in place and new members are appended, so
/// the document is neither parsed nor written again. For a canonical body (as restlite writes
/// them) the result is byte for byte what parsing, `JSONObject` assignment and `write` give;
/// whenever the body is not plainly canonical it answers nil and the caller parses.
enum BodyMerge {
    static func merge(_ body: [UInt8], with changes: JSONObject) -> [UInt8]? {
        var result = body
        for member in changes where !SystemFields.owns(member.key) {
            // The key as the body spells it: JSON-escaped, between quotes.
            var quotedKey: [UInt8] = []
            JSONValue.writeString(member.key, to: &quotedKey)
            var value: [UInt8] = []
            member.value.write(to: &value)
            let lookup = quotedKey.withUnsafeBufferPointer { key in
                result.withUnsafeBufferPointer { text in
                    SortKeyScanner.member(
                        text, label: UnsafeBufferPointer(rebasing: key[1..<(key.count - 1)]))
                }
            }
            switch lookup {
            case .found(let range):
                result.replaceSubrange(range, with: value)
            case .absent:
                // `member` only answers `absent` for a body that ends with its closing brace.
                result.removeLast()
                if result.count > 1 { result.append(UInt8(ascii: ",")) }
                result.append(contentsOf: quotedKey)
                result.append(UInt8(ascii: ":"))
                result.append(contentsOf: value)
                result.append(UInt8(ascii: "}"))
            case .unsure:
                return nil
            }
        }
        return result
    }
}
