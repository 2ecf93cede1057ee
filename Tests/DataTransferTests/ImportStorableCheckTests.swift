import DataTransfer
import DocumentStore
import RestLiteTesting
import Testing

/// An import refuses what a write would refuse, naming the line and the field.
@Suite struct ImportStorableCheckTests {
    @Test func anImportRefusesANumberBeyondADoubleWithItsLineAndField() async throws {
        let fixture = try TemporaryStore()
        defer { fixture.close() }
        let options = ImportOptions(collection: "cats", replace: false, keepIds: false, batchSize: 500)
        let text = "{\"n\":1.5}\n{\"n\":1e400}\n"
        do {
            _ = try await Importer(options: options)
                .run(bytes: Array(text.utf8), file: "cats.json", into: LocalStoreSink(store: fixture.store))
            Issue.record("the import should have failed")
        } catch let error as ImportError {
            #expect(error.line == 2)
            #expect(error.field == "n")
        }
    }
}
