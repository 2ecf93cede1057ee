import DocumentJSON
import DocumentStore

/// Writes documents as a JSON array (one object per line, as Mockaroo does, and what import
/// reads back identically), JSON lines, or CSV with a header row. Streams: call `begin()`,
/// `write(_:)` for each document, then `end()`.
///
/// ```swift
/// var writer = ExportWriter(format: .csv, columns: ["_id", "catName"], output: MemoryOutput())
/// try writer.begin()
/// try writer.write(["_id": "5d...", "catName": "Felis chaus"])
/// try writer.end()
/// ```
public struct ExportWriter<Output: ByteOutput> {
    public let format: ImportFormat
    /// The CSV columns, in order (ignored by the JSON formats).
    public let columns: [String]
    public private(set) var output: Output
    public private(set) var count = 0
    /// CSV: text that a spreadsheet would run as a formula gets a `'` in front
    /// (`CSVFormulaEscape`); false writes every cell as it is (`restlite export --raw`).
    public var escapesFormulas = true
    private var line: [UInt8] = []

    public init(format: ImportFormat, columns: [String] = [], output: Output) {
        self.format = format
        self.columns = columns
        self.output = output
    }

    public mutating func begin() throws {
        switch format {
        case .json: try output.write(Array("[".utf8))
        case .jsonl: break
        case .csv:
            let names = columns.map { CSVField.encode(escapesFormulas ? CSVFormulaEscape.escaped($0) : $0) }
            try output.write(Array((names.joined(separator: ",") + "\r\n").utf8))
        }
    }

    public mutating func write(_ document: JSONObject) throws {
        line.removeAll(keepingCapacity: true)
        switch format {
        case .json:
            if count > 0 { line.append(contentsOf: ",\n".utf8) }
            document.write(to: &line)
        case .jsonl:
            document.write(to: &line)
            line.append(0x0A)
        case .csv:
            let cells = columns.map {
                CSVField.encode(document[$0] ?? .null, escapingFormulas: escapesFormulas)
            }
            line.append(contentsOf: (cells.joined(separator: ",") + "\r\n").utf8)
        }
        count += 1
        try output.write(line)
    }

    public mutating func end() throws {
        if format == .json { try output.write(Array("]\n".utf8)) }
    }

    /// The CSV columns for `documents`: `_id` first, then every other key in first-seen order.
    public static func columns(of documents: some Sequence<JSONObject>) -> [String] {
        var seen: Set<String> = ["_id"]
        var names = ["_id"]
        for document in documents {
            for key in document.keys where seen.insert(key).inserted { names.append(key) }
        }
        return names
    }
}

/// CSV encoding of single values (RFC 4180 quoting).
public enum CSVField {
    /// Null is an empty cell; numbers and booleans are written bare; objects and arrays as
    /// their JSON text. Text that would read back as something else is quoted, because the
    /// importer reads a quoted cell as text: the empty string is `""` (an empty cell is null),
    /// and `"123"`, `"2.50"`, `"true"` stay text instead of becoming a number or a boolean.
    /// With `escapingFormulas`, text a spreadsheet would run as a formula gets a `'` in front
    /// (`CSVFormulaEscape`; numbers stay bare: `-3` is a number to a spreadsheet too).
    public static func encode(_ value: JSONValue, escapingFormulas: Bool = true) -> String {
        switch value {
        case .null: ""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .string(let text) where escapingFormulas && CSVFormulaEscape.needsEscape(text[...]):
            encode("'" + text)  // a `'` in front never reads back as a number or a boolean
        case .string(let text): readsBackAsText(text) ? encode(text) : quoted(text)
        case .array, .object: encode(value.serialized())
        }
    }

    /// Quotes text holding a comma, quote, line break or edge spaces; doubles inner quotes.
    public static func encode(_ text: String) -> String {
        let needsQuotes =
            text.utf8.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            } || text.first == " " || text.last == " "
        return needsQuotes ? quoted(text) : text
    }

    /// Whether `text` as a bare cell is typed as that same text by the import's rules.
    private static func readsBackAsText(_ text: String) -> Bool {
        if case .string = CSVCellTyping.value(of: text) { return true }
        return false
    }

    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }
}
