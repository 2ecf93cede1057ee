/// Entry points for reading JSON text.
///
/// ```swift
/// let value = try JSON.parse(#"[1, 2.50, {"a": null}]"#)
/// value.serialized()  // "[1,2.50,{\"a\":null}]"
/// ```
public enum JSON {
    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 256

    /// Parses one complete JSON text (RFC 8259); surrounding white space is allowed, and a
    /// UTF-8 byte order mark at the start is skipped.
    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            var parser = JSONParser(buffer)
            return try parser.parseDocument()
        }
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
        try parse(Array(bytes))
    }
}
