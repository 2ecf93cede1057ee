import DocumentStore

/// The file formats Mockaroo exports and restlite reads and writes.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// One JSON array of objects (Mockaroo's "JSON" with "array" ticked).
    case json
    /// One JSON object per line (JSON lines / NDJSON).
    case jsonl
    /// Comma-separated values with a header row, RFC 4180 quoting, CRLF or LF line ends.
    case csv

    /// Guesses the format from the first non-space byte after an optional UTF-8 byte order
    /// mark: `[` is a JSON array, `{` JSON lines, anything else CSV.
    public static func detect(_ bytes: [UInt8]) -> ImportFormat {
        var index = ImportFormat.startAfterByteOrderMark(bytes)
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .json }
        switch bytes[index] {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"): return .jsonl
        default: return .csv
        }
    }

    /// 3 when `bytes` starts with the UTF-8 byte order mark, else 0.
    static func startAfterByteOrderMark(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }
}
