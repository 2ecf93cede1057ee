import DocumentJSON
import DocumentStore

/// Reads CSV with a header row (RFC 4180): fields separated by commas, optionally quoted with
/// `"` (a doubled `""` inside quotes is one quote), records ended by CRLF or LF; quoted fields
/// may hold commas and line breaks. Cells become JSON values through `CSVCellTyping`.
struct CSVReader {
    /// One raw cell: its text, and whether it was quoted (`""` is an empty string, an empty
    /// unquoted cell is null).
    struct Cell {
        var text: String
        var quoted: Bool
    }

    private let bytes: [UInt8]
    private let file: String
    private let declaredTypes: [String: ImportFieldType]
    private var index: Int
    private var line = 1
    private(set) var header: [String] = []

    init(bytes: [UInt8], file: String, declaredTypes: [String: ImportFieldType]) throws(ImportError) {
        self.bytes = bytes
        self.file = file
        self.declaredTypes = declaredTypes
        index = ImportFormat.startAfterByteOrderMark(bytes)
        guard let (_, names) = try readRecord() else {
            throw ImportError(file: file, line: 1, message: "the CSV file is empty; expected a header row")
        }
        header = try CSVReader.checkedHeader(
            names.map { CSVFormulaEscape.unescaped($0.text) ?? $0.text }, file: file)
    }

    /// How far into the file reading has got, in bytes.
    var bytesRead: Int { index }

    mutating func next() throws(ImportError) -> ImportRecord? {
        guard let (recordLine, cells) = try readRecord() else { return nil }
        guard cells.count == header.count else {
            throw ImportError(
                file: file, line: recordLine,
                message: "the row has \(Phrase.count(cells.count, "field")); the header has \(header.count)")
        }
        var document = JSONObject()
        for (name, cell) in zip(header, cells) {
            do {
                document[name] = try CSVCellTyping.value(of: cell, declared: declaredTypes[name])
            } catch {
                throw ImportError(file: file, line: recordLine, field: name, message: error.message)
            }
        }
        return ImportRecord(document: document, line: recordLine)
    }

    private static func checkedHeader(_ names: [String], file: String) throws(ImportError) -> [String] {
        var seen = Set<String>()
        for name in names {
            if name.isEmpty {
                throw ImportError(file: file, line: 1, message: "the header has an empty column name")
            }
            if !seen.insert(name).inserted {
                throw ImportError(file: file, line: 1, message: "the header names column \"\(name)\" twice")
            }
        }
        return names
    }

    /// The next non-blank record and the line it starts on, or nil at the end of the file.
    private mutating func readRecord() throws(ImportError) -> (Int, [Cell])? {
        while index < bytes.count {
            let recordLine = line
            var cells: [Cell] = []
            var ended = false
            while !ended {
                let cell = try readCell()
                cells.append(cell.cell)
                ended = cell.endsRecord
            }
            if cells.count == 1, cells[0].text.isEmpty, !cells[0].quoted { continue }
            return (recordLine, cells)
        }
        return nil
    }

    private mutating func readCell() throws(ImportError) -> (cell: Cell, endsRecord: Bool) {
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { return try readQuotedCell() }
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ","), bytes[index] != 0x0A { index += 1 }
        var end = index
        if end > start, bytes[end - 1] == 0x0D, index == bytes.count || bytes[index] == 0x0A { end -= 1 }
        let cell = Cell(text: try text(bytes[start..<end]), quoted: false)
        return (cell, consumeSeparator())
    }

    private mutating func readQuotedCell() throws(ImportError) -> (cell: Cell, endsRecord: Bool) {
        let startLine = line
        index += 1
        var content: [UInt8] = []
        while true {
            guard index < bytes.count else {
                throw ImportError(file: file, line: startLine, message: "a quoted CSV field is not closed")
            }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { break }
                index += 1
            } else if byte == 0x0A {
                line += 1
            }
            content.append(byte)
        }
        if index < bytes.count, bytes[index] == 0x0D { index += 1 }
        guard index == bytes.count || bytes[index] == UInt8(ascii: ",") || bytes[index] == 0x0A else {
            throw ImportError(file: file, line: line, message: "unexpected text after a quoted CSV field")
        }
        return (Cell(text: try text(content[...]), quoted: true), consumeSeparator())
    }

    /// Steps over the ',' or newline after a cell; true when the record ended.
    private mutating func consumeSeparator() -> Bool {
        guard index < bytes.count else { return true }
        let byte = bytes[index]
        index += 1
        if byte == 0x0A {
            line += 1
            return true
        }
        return false
    }

    private func text(_ slice: ArraySlice<UInt8>) throws(ImportError) -> String {
        guard let text = String(validUTF8: slice) else {
            throw ImportError(file: file, line: line, message: "the file is not valid UTF-8")
        }
        return text
    }
}
