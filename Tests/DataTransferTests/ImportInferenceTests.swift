import DocumentStore
import Testing

@testable import DataTransfer

@Suite struct ImportInferenceTests {
    private func infer(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        var reader = try ImportReader(bytes: bytes, format: .detect(bytes), file: "cats.json")
        var inference = SchemaInference(file: "cats.json")
        while let record = try reader.next() { try inference.add(record) }
        return inference.fields().map(\.description)
    }

    @Test func infersRestdbsTypesFromTheSeedShape() throws {
        let fields = try infer(
            """
            [{"catName":"Felis chaus","birthDate":"2008-11-14T09:53:37Z","weightKg":4,"rating":3,"ok":true,"tags":["a"]},
            {"catName":"unavailable","birthDate":"2010-01-02T03:04:05.123+02:00","weightKg":2.56,"rating":5,"ok":null,"tags":{"x":1}}]
            """)
        #expect(
            fields == [
                "catName: text", "birthDate: date", "weightKg: float_number", "rating: number", "ok: bool",
                "tags: json",
            ])
    }

    @Test func aFractionAnywhereMakesTheColumnFloat() throws {
        #expect(try infer("{\"w\":1}\n{\"w\":2}\n{\"w\":3.5}\n") == ["w: float_number"])
        #expect(try infer("{\"w\":1}\n{\"w\":2}\n") == ["w: number"])
    }

    @Test func csvColumnsAreTypedByTheSameRules() throws {
        let fields = try infer(
            "name,w,r,born,ok,gone\nTom,3.1,2,2008-11-14T09:53:37Z,false,\nAnn,4,3,2009-01-01,true,\n")
        #expect(fields == ["name: text", "w: float_number", "r: number", "born: date", "ok: bool"])
    }

    @Test func datesMixedWithTextMakeText() throws {
        #expect(try infer("{\"d\":\"2008-11-14T09:53:37Z\"}\n{\"d\":\"soon\"}\n") == ["d: text"])
        // Without a zone the store reads UTC, so this is a date too.
        #expect(try infer("{\"d\":\"2008-11-14T09:53:37\"}\n") == ["d: date"])
    }

    @Test func systemFieldsAreNotInferred() throws {
        #expect(try infer("{\"_id\":\"5d\",\"_version\":2,\"a\":1}\n") == ["a: number"])
    }

    @Test func aColumnMixingKindsNamesTheColumnAndARowOfEachKind() {
        do {
            _ = try infer("name,w\nTom,3\nAnn,4.5\nBob,heavy\n")
            Issue.record("a mixed column must fail")
        } catch let error as ImportError {
            #expect(error.field == "w")
            #expect(error.message.contains("column \"w\" mixes numbers (line 2) and text (line 4)"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func booleansAndNumbersDoNotMix() {
        #expect(throws: ImportError.self) { try infer("{\"a\":true}\n{\"a\":1}\n") }
        #expect(throws: ImportError.self) { try infer("{\"a\":[1]}\n{\"a\":\"x\"}\n") }
    }
}
