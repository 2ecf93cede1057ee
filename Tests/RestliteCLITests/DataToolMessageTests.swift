import DataTransfer
import DocumentJSON
import DocumentStore
import RestDBClient
import Testing

@testable import restlite

/// The data tools' messages: counts in the right number, no empty schema line, and the import
/// summary's rows, seconds and rate.
@Suite struct DataToolMessageTests {
    private func summary(rows: Int, seconds: Double, fields: [ImportField] = [], inferred: Bool = true)
        -> ImportSummary
    {
        ImportSummary(
            collection: "cats", format: .json, rows: rows, seconds: seconds, fields: fields,
            inferred: inferred)
    }

    @Test func theSummaryLineGivesRowsSecondsAndRowsPerSecond() {
        #expect(summary(rows: 1, seconds: 0.5).description == "Imported 1 row into cats in 0.5 s (2 rows/s).")
        #expect(
            summary(rows: 100_000, seconds: 1.234).description
                == "Imported 100000 rows into cats in 1.23 s (81037 rows/s).")
        #expect(summary(rows: 0, seconds: 0).description == "Imported 0 rows into cats in 0.0 s (0 rows/s).")
    }

    @Test func theSchemaLineNamesTheFieldsOrSaysThereAreNone() {
        let fields = [ImportField(name: "born", type: .date), ImportField(name: "kg", type: .floatNumber)]
        #expect(
            ImportCommand.schemaLine(summary(rows: 2, seconds: 1, fields: fields), where: "")
                == "Inferred schema: born: date, kg: float_number")
        #expect(
            ImportCommand.schemaLine(summary(rows: 2, seconds: 1, fields: fields), where: " on the server")
                == "Inferred schema (set on the server): born: date, kg: float_number")
        #expect(
            ImportCommand.schemaLine(summary(rows: 2, seconds: 1, inferred: false), where: "")
                == "cats has no schema; values were stored as the file has them.")
        #expect(
            ImportCommand.schemaLine(summary(rows: 2, seconds: 1, fields: fields, inferred: false), where: "")
                == "Schema of cats: born: date, kg: float_number")
        #expect(
            ImportCommand.schemaLine(summary(rows: 0, seconds: 1), where: "")
                == "Inferred schema: none (no column holds a value), so cats has no schema.")
    }

    @Test func aRemoteFailureAfterOneStoredRowSaysWas() {
        var report = RemoteImportError.Report(
            collection: "cats", file: "cats.json", totalRows: 5, replaced: false)
        report.startBatch(rows: 1, lines: 2...2)
        report.storedRows = 1
        report.startBatch(rows: 1, lines: 3...3)
        let error = RemoteImportError(
            report: report, cause: RestDBError.invalidRequest("refused"), failedLine: nil)
        #expect(error.description.contains("1 of 5 rows was stored (batch 1) and stays in cats."), "\(error)")
        #expect(error.description.hasPrefix("cats.json, batch 2 of 5 (line 3): "), "\(error)")
    }

    @Test func phrasesCountAndNameKinds() {
        #expect(Phrase.count(1, "row") == "1 row")
        #expect(Phrase.count(0, "row") == "0 rows")
        #expect(Phrase.count(2, "batch", plural: "batches") == "2 batches")
        #expect(Phrase.kind(of: .array([])) == "an array")
        #expect(Phrase.kind(of: .object([:])) == "an object")
        #expect(Phrase.kind(of: .string("x")) == "a string")
        #expect(Phrase.kind(of: .null) == "null")
    }
}
