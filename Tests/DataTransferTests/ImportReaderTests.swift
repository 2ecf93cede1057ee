import DocumentJSON
import DocumentStore
import Testing

@testable import DataTransfer

@Suite struct ImportReaderTests {
    private func read(_ text: String, _ format: ImportFormat? = nil, bom: Bool = false) throws
        -> [ImportRecord]
    {
        let bytes = (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
        var reader = try ImportReader(bytes: bytes, format: format ?? .detect(bytes), file: "in.txt")
        var records: [ImportRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    private func error(_ text: String, _ format: ImportFormat? = nil) -> ImportError? {
        do {
            _ = try read(text, format)
            return nil
        } catch {
            return error as? ImportError
        }
    }

    @Test func detectsTheFormatFromTheFirstByte() {
        #expect(ImportFormat.detect(Array(" \n[{}]".utf8)) == .json)
        #expect(ImportFormat.detect(Array("{\"a\":1}\n".utf8)) == .jsonl)
        #expect(ImportFormat.detect([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .json)
        #expect(ImportFormat.detect(Array("a,b\n1,2".utf8)) == .csv)
    }

    @Test func readsAJSONArrayWithLinesAndNulls() throws {
        let records = try read("[{\"a\":1,\"b\":null},\n{\"a\":\"x,]\\\"}\",\"n\":{\"k\":[1,2]}}]")
        #expect(records.map(\.line) == [1, 2])
        #expect(records[0].document.serialized() == #"{"a":1,"b":null}"#)
        #expect(records[1].document["n"]?.serialized() == #"{"k":[1,2]}"#)
        #expect(try read("[ ]").isEmpty)
    }

    @Test func readsJSONLinesSkippingBlankLines() throws {
        let records = try read("{\"a\":1}\r\n\n{\"a\":2.50}\n")
        #expect(records.map(\.line) == [1, 3])
        #expect(records[1].document["a"]?.serialized() == "2.50")
    }

    @Test func byteOrderMarkIsSkippedInEveryFormat() throws {
        #expect(try read("[{\"a\":1}]", bom: true).count == 1)
        #expect(try read("{\"a\":1}", bom: true).count == 1)
        let csv = try read("name,n\nTom,1\n", bom: true)
        #expect(csv[0].document.keys == ["name", "n"])
    }

    @Test func readsCSVWithQuotesCRLFAndTypedCells() throws {
        let text =
            "name,n,w,ok,note,empty\r\n\"O'Hara, \"\"Jo\"\"\",3,2.56,true,\"two\r\nlines\",\r\nTom,-1,4,false,,\"\"\r\n"
        let records = try read(text)
        #expect(records.count == 2)
        #expect(
            records[0].document.serialized()
                == #"{"name":"O'Hara, \"Jo\"","n":3,"w":2.56,"ok":true,"note":"two\r\nlines","empty":null}"#)
        #expect(records[1].line == 4)
        #expect(records[1].document["note"] == .null)
        #expect(records[1].document["empty"] == .string(""))
    }

    @Test func csvCellsFollowTheImportRules() {
        #expect(CSVCellTyping.value(of: "12") == .number(JSONNumber(12)))
        #expect(CSVCellTyping.value(of: "3.10").numberValue?.text == "3.10")
        #expect(CSVCellTyping.value(of: "true") == .bool(true))
        #expect(CSVCellTyping.value(of: "") == .null)
        #expect(CSVCellTyping.value(of: "007") == .string("007"))
        #expect(CSVCellTyping.value(of: "Felis chaus") == .string("Felis chaus"))
    }

    @Test func aQuotedCellIsTextUnlessTheSchemaTypesIt() throws {
        let records = try read("t,n,b\n\"123\",123,\"true\"\n\"2.50\",2.50,true\n")
        #expect(records[0].document.serialized() == #"{"t":"123","n":123,"b":"true"}"#)
        #expect(records[1].document.serialized() == #"{"t":"2.50","n":2.50,"b":true}"#)
        let cell = CSVReader.Cell(text: "4", quoted: true)
        #expect(try CSVCellTyping.value(of: cell, declared: .number) == .number(JSONNumber(4)))
        #expect(try CSVCellTyping.value(of: cell, declared: nil) == .string("4"))
    }

    @Test func exportQuotesTextThatWouldReadBackAsAnotherType() {
        for text in ["123", "2.50", "1e5", "true", "false", ""] {
            #expect(CSVField.encode(.string(text)) == "\"\(text)\"", "\(text)")
        }
        for text in ["007", "Felis chaus", "null", "True", "2008-11-14T09:53:37.000Z"] {
            #expect(CSVField.encode(.string(text)) == text, "\(text)")
        }
        #expect(CSVField.encode(.number(JSONNumber(validatedText: "2.50"))) == "2.50")
        #expect(CSVField.encode(.bool(true)) == "true")
    }

    @Test func csvCellsOfTypedFieldsFollowTheSchema() throws {
        #expect(try CSVCellTyping.value(of: "123", declared: .text) == .string("123"))
        #expect(try CSVCellTyping.value(of: "4", declared: .floatNumber) == .number(JSONNumber(4)))
        #expect(throws: ImportError.self) { try CSVCellTyping.value(of: "heavy", declared: .number) }
    }

    @Test func brokenJSONNamesTheLine() {
        let arrayError = error("[{\"a\":1},\n{\"a\":2},\n{\"a\":}]")
        #expect(arrayError?.line == 3)
        #expect(arrayError?.description.hasPrefix("in.txt, line 3: broken JSON") == true)
        #expect(error("{\"a\":1}\n{\"a\"\n")?.line == 2)
        #expect(error("[{\"a\":1}") != nil)
        #expect(error("[{\"a\":1}] x") != nil)
        #expect(error("[1]")?.message == "expected an object, found a number")
        #expect(error("[[1]]")?.message == "expected an object, found an array")
        #expect(error("[1]\n", .jsonl)?.message == "expected an object, found an array", "JSON lines")
        #expect(error("{\"a\":1}\nnull\n")?.message == "expected an object, found null")
    }

    @Test func csvRowsMustMatchTheHeader() {
        let mismatch = error("a,b\n1,2\n3\n")
        #expect(mismatch?.line == 3)
        #expect(mismatch?.message.contains("the row has 1 field; the header has 2") == true)
        #expect(error("a\n1,2\n")?.message.contains("the row has 2 fields; the header has 1") == true)
        #expect(error("a,a\n1,2\n")?.message.contains("twice") == true)
        #expect(error("a\n\"open\n") != nil)
    }
}
