import DocumentJSON
import DocumentStore
import Testing

@testable import DataTransfer

@Suite struct ImporterTests {
    private func run(
        _ text: String, into sink: ImportMemorySink, replace: Bool = false, keepIds: Bool = false
    ) async throws -> ImportSummary {
        let options = ImportOptions(collection: "a3cats", replace: replace, keepIds: keepIds, batchSize: 2)
        return try await Importer(options: options).run(
            bytes: Array(text.utf8), file: "cats.json", into: sink)
    }

    @Test func importsANewCollectionWithTheInferredSchema() async throws {
        let sink = ImportMemorySink()
        let summary = try await run("[{\"a\":1,\"b\":null},\n{\"a\":2,\"b\":\"x\"},\n{\"a\":3}]", into: sink)
        #expect(summary.rows == 3 && summary.inferred && summary.format == .json)
        #expect(summary.fields.map(\.description) == ["a: number", "b: text"])
        #expect(sink.collections["a3cats"]?.documents.count == 3)
        #expect(sink.collections["a3cats"]?.documents[0]["b"] == .null)
    }

    @Test func aJSONFileThatIsNotAnArrayOrLinesIsRefusedNotReadAsCSV() async throws {
        let sink = ImportMemorySink()
        for text in ["5", "\"cats\"", "null"] {
            let error = await #expect(throws: ImportError.self) { try await run(text, into: sink) }
            #expect(error?.message.contains("starts with [") == true)
        }
        #expect(sink.collections["a3cats"] == nil)
        // A CSV file keeps its meaning, and a named format is taken as given.
        let csv = ImportOptions(collection: "plain", format: nil)
        let summary = try await Importer(options: csv).run(
            bytes: Array("a\n5\n".utf8), file: "x.csv", into: sink)
        #expect(summary.rows == 1)
    }

    @Test func aBadRowAtTheEndStoresNothing() async throws {
        let sink = ImportMemorySink()
        _ = try await run("{\"a\":1}\n", into: sink)
        let rows = (0..<5000).map { "{\"a\":\($0)}" }.joined(separator: "\n")
        await #expect(throws: ImportError.self) { try await run(rows + "\n{\"a\":\"heavy\"}\n", into: sink) }
        await #expect(throws: ImportError.self) { try await run(rows + "\n{\"a\":\n", into: sink) }
        #expect(sink.collections["a3cats"]?.documents.count == 1)
    }

    @Test func aWrongTypeForAnExistingSchemaNamesFileLineAndField() async throws {
        let sink = ImportMemorySink()
        _ = try await run("{\"w\":2.5,\"d\":\"2008-11-14T09:53:37Z\"}\n", into: sink)
        do {
            _ = try await run("{\"w\":1}\n{\"w\":2,\"d\":\"yesterday\"}\n", into: sink)
            Issue.record("expected a failure")
        } catch let error as ImportError {
            #expect(error.description.hasPrefix("cats.json, line 2, field \"d\": expected an ISO 8601 date"))
        }
    }

    @Test func appendsByDefaultAndReplacesOnRequest() async throws {
        let sink = ImportMemorySink()
        _ = try await run("{\"a\":1}\n{\"a\":2}\n", into: sink)
        let appended = try await run("{\"a\":3}\n", into: sink)
        #expect(!appended.inferred)
        #expect(sink.collections["a3cats"]?.documents.count == 3)
        _ = try await run("{\"a\":4}\n", into: sink, replace: true)
        #expect(sink.collections["a3cats"]?.documents.map { $0["a"] } == [.number(JSONNumber(4))])
    }

    @Test func idsAreDroppedUnlessKept() async throws {
        let sink = ImportMemorySink()
        let text = "{\"_id\":\"5d9f1c2ba1b2c3d4e5f60718\",\"_version\":3,\"a\":1}\n"
        _ = try await run(text, into: sink)
        #expect(sink.collections["a3cats"]?.documents[0]["_id"] == .string("id1"))
        _ = try await run(text, into: sink, replace: true, keepIds: true)
        let kept = try #require(sink.collections["a3cats"]?.documents[0])
        #expect(kept.serialized() == #"{"_id":"5d9f1c2ba1b2c3d4e5f60718","a":1}"#)
        await #expect(throws: ImportError.self) {
            try await run("{\"_id\":\"nope\"}\n", into: sink, keepIds: true)
        }
    }

    @Test func exportWritersProduceWhatImportReadsBack() throws {
        let documents: [JSONObject] = [
            ["_id": "5d9f1c2ba1b2c3d4e5f60718", "name": "O'Hara, \"Jo\"", "w": 2.5, "n": nil, "tags": ["a"]],
            ["_id": "5d9f1c2ba1b2c3d4e5f60719", "name": "", "w": 4],
        ]
        for format in ImportFormat.allCases {
            var writer = ExportWriter(
                format: format, columns: ExportWriter<MemoryOutput>.columns(of: documents),
                output: MemoryOutput())
            try writer.begin()
            for document in documents { try writer.write(document) }
            try writer.end()
            var reader = try ImportReader(
                bytes: writer.output.bytes, format: format, file: "x", declaredTypes: ["tags": .json])
            var read: [JSONObject] = []
            while let record = try reader.next() { read.append(record.document) }
            if format == .csv {
                #expect(
                    read[0].serialized()
                        == #"{"_id":"5d9f1c2ba1b2c3d4e5f60718","name":"O'Hara, \"Jo\"","w":2.5,"n":null,"tags":["a"]}"#
                )
                #expect(read[1]["name"] == .string("") && read[1]["tags"] == .null)
            } else {
                #expect(read == documents, "\(format)")
            }
        }
    }

    @Test func progressCoversTheCheckingPassThenTheStoringPass() async throws {
        let sink = ImportMemorySink()
        let rows = (0..<3000).map { "{\"a\":\(10_000 + $0)}" }.joined(separator: "\n")  // rows of one length
        nonisolated(unsafe) var events: [ImportProgress] = []
        let options = ImportOptions(collection: "a3cats", batchSize: 1000)
        _ = try await Importer(options: options) { events.append($0) }
            .run(bytes: Array(rows.utf8), file: "n.jsonl", into: sink)
        let checking = events.filter { $0.phase == .checking }
        #expect(checking.map(\.rows) == [1024, 2048, 3000])
        #expect(checking.allSatisfy { $0.totalRows == nil })
        #expect(checking.map(\.fraction) == checking.map(\.fraction).sorted() && checking.last?.fraction == 1)
        #expect(abs(checking[0].fraction - 1024.0 / 3000) < 0.01, "the bytes read follow the rows")
        #expect((2900...3100).contains(checking[0].estimatedTotalRows))
        let storing = events.drop { $0.phase == .checking }
        #expect(storing.count == 3 && storing.allSatisfy { $0.phase == .storing }, "checking comes first")
        #expect(storing.map(\.rows) == [1000, 2000, 3000])
        // Typed apart: inside `#expect` this literal took over 7 s to type-check.
        let storedFractions: [Double] = [1000.0 / 3000, 2000.0 / 3000, 1]
        #expect(storing.map(\.fraction) == storedFractions)
        #expect(storing.allSatisfy { $0.totalRows == 3000 && $0.estimatedTotalRows == 3000 })
    }
}
