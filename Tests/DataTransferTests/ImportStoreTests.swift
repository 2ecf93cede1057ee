import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import Testing

@testable import DataTransfer

/// The importer against the real SQLite store: inference becomes the collection's schema,
/// dates come back normalised, and a failure anywhere leaves the collection as it was.
@Suite struct ImportStoreTests {
    private func importText(
        _ text: String, _ fixture: TemporaryStore, replace: Bool = false, keepIds: Bool = false,
        file: String = "cats.json"
    ) async throws -> ImportSummary {
        let options = ImportOptions(collection: "a3cats", replace: replace, keepIds: keepIds, batchSize: 500)
        return try await Importer(options: options)
            .run(bytes: Array(text.utf8), file: file, into: LocalStoreSink(store: fixture.store))
    }

    private func bodies(_ fixture: TemporaryStore) throws -> [String] {
        var result: [String] = []
        try fixture.store.forEachDocument(in: "a3cats") { result.append($0.jsonString(metafields: false)) }
        return result
    }

    @Test func theSeedImportsWithRestdbsSchemaAndNormalisedDates() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        var output = MemoryOutput()
        try A3CatsGenerator.write(rows: 100, seed: 2019, to: &output)
        let summary = try await importText(output.text, fixture)
        #expect(summary.rows == 100)
        let schema = try #require(try fixture.store.schema(of: "a3cats"))
        #expect(
            schema.fields.map { "\($0.name): \($0.type.rawValue)" } == [
                "catName: text", "ownerName: text", "breedId: text", "birthDate: date",
                "weightKg: float_number",
                "rating: number", "photoUrl: text",
            ])
        let first = try #require(try bodies(fixture).first)
        #expect(first.contains(#""birthDate":"2015-11-08T08:58:51.000Z""#))
        #expect(first.hasPrefix(#"{"_id":""#))
    }

    @Test func aBadRowAtTheEndOfALargeFileLeavesTheCollectionAsItWas() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        _ = try await importText("{\"n\":1}\n{\"n\":2}\n", fixture)
        let before = try bodies(fixture)
        let rows = (0..<20_000).map { "{\"n\":\($0)}" }.joined(separator: "\n")
        for bad in ["{\"n\":\"x\"}", "{\"n\":1.5}", "{\"n\":"] {
            await #expect(throws: ImportError.self) {
                try await importText(rows + "\n" + bad + "\n", fixture)
            }
            await #expect(throws: ImportError.self) {
                try await importText(rows + "\n" + bad + "\n", fixture, replace: true)
            }
        }
        #expect(try bodies(fixture) == before)
    }

    @Test func aFailedImportIntoANewCollectionLeavesNoCollection() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        let options = ImportOptions(collection: "fresh", keepIds: true)
        let text = "{\"_id\":\"5d9f1c2ba1b2c3d4e5f60718\"}\n{\"_id\":\"5d9f1c2ba1b2c3d4e5f60718\"}\n"
        do {
            _ = try await Importer(options: options)
                .run(bytes: Array(text.utf8), file: "dup.jsonl", into: LocalStoreSink(store: fixture.store))
            Issue.record("a duplicate _id must fail")
        } catch let error as ImportError {
            #expect(error.line == 2 && error.field == "_id")
        }
        #expect(!fixture.store.collectionNames().contains("fresh"))
    }

    @Test func replaceEmptiesTheCollectionFirst() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        _ = try await importText("{\"n\":1}\n{\"n\":2}\n", fixture)
        _ = try await importText("{\"n\":3}\n", fixture)
        #expect(try fixture.store.count(in: "a3cats") == 3)
        _ = try await importText("{\"n\":4}\n", fixture, replace: true)
        #expect(try bodies(fixture).map { $0.hasSuffix(#""n":4}"#) } == [true])
    }

    @Test func exportThenImportWithKeptIdsReproducesTheCollection() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        var seed = MemoryOutput()
        try A3CatsGenerator.write(rows: 50, seed: 7, to: &seed)
        _ = try await importText(seed.text, fixture)
        let original = try bodies(fixture)
        for format in ImportFormat.allCases {
            var writer = ExportWriter(
                format: format, columns: ["_id"] + A3CatsGenerator.fieldNames, output: MemoryOutput())
            try writer.begin()
            try fixture.store.forEachDocument(in: "a3cats") { try writer.write($0.object()) }
            try writer.end()
            _ = try await importText(
                writer.output.text, fixture, replace: true, keepIds: true, file: "cats.\(format.rawValue)")
            #expect(try bodies(fixture) == original, "\(format)")
        }
    }

    @Test func resetPutsTheSeedBackAndLeavesOtherCollections() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        _ = try await importText("{\"n\":1}\n", fixture)
        _ = try fixture.store.insert(["x": 1], into: "other")
        let summary = try await SeedData.reset(fixture.store)
        #expect(summary.rows == 100 && summary.inferred)
        #expect(try fixture.store.count(in: "a3cats") == 100)
        #expect(try fixture.store.count(in: "other") == 1)
        var output = MemoryOutput()
        try Exporter.export(
            collection: "a3cats", from: fixture.store, format: .csv, metafields: true, to: &output)
        let header = output.text.split(separator: "\r\n").first.map(String.init)
        #expect(
            header == "_id,catName,ownerName,breedId,birthDate,weightKg,rating,photoUrl,"
                + "_created,_changed,_createdby,_changedby,_version")
        #expect(output.text.split(separator: "\r\n").count == 101)
    }

    @Test func aResetFromAFileThatFailsLeavesA3catsAsItWas() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        try await SeedData.reset(fixture.store)
        _ = try fixture.store.createIndex(collection: "a3cats", path: "rating")
        let before = try bodies(fixture)
        let schema = try fixture.store.schema(of: "a3cats")
        let broken = fixture.database.folder.appendingPathComponent("broken.json")
        try Data(#"[{"catName":"Tom"},{"catName":3}]"#.utf8).write(to: broken)
        await #expect(throws: ImportError.self) { try await SeedData.reset(fixture.store, file: broken.path) }
        #expect(try bodies(fixture) == before)
        #expect(try fixture.store.schema(of: "a3cats") == schema)
        let page = try fixture.store.find(FindRequest(collection: "a3cats", query: .object(["rating": 5])))
        #expect(!page.documents.isEmpty, "the collection and its index still answer queries")
    }
}
