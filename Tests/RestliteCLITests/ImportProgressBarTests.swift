import DataTransfer
import DocumentStore
import Testing

@testable import restlite

/// The import's progress output, captured: both passes, as a bar on a terminal and as plain
/// lines otherwise, and nothing for small files.
@Suite struct ImportProgressBarTests {
    /// What `Importer` reports for a 10,000-row file read in 10 % steps, then stored in 4 batches.
    private static let events: [ImportProgress] = checking + storing
    private static let checking: [ImportProgress] = (1...10).map { (step: Int) -> ImportProgress in
        ImportProgress(phase: .checking, rows: step * 1000, totalRows: nil, fraction: Double(step) / 10)
    }
    private static let storing: [ImportProgress] = (1...4).map { (step: Int) -> ImportProgress in
        ImportProgress(phase: .storing, rows: step * 2500, totalRows: 10_000, fraction: Double(step) / 4)
    }

    private func output(isTerminal: Bool, threshold: Int = 5000, _ events: [ImportProgress] = events)
        -> [String]
    {
        var written: [String] = []
        let bar = ImportProgressBar(threshold: threshold, isTerminal: isTerminal) { written.append($0) }
        for event in events { bar.update(event) }
        return written
    }

    @Test func aTerminalGetsABarForEachPassRedrawnInPlace() {
        let written = output(isTerminal: true)
        #expect(written.count == 14)
        #expect(written[0] == "\rchecking [###                           ]  10% 1000 rows")
        #expect(written[9] == "\rchecking [##############################] 100% 10000 rows\n")
        #expect(written[10] == "\rstoring  [#######                       ]  25% 2500/10000 rows")
        #expect(written[13] == "\rstoring  [##############################] 100% 10000/10000 rows\n")
    }

    @Test func otherOutputGetsAPlainLineEveryTenPercentOfEachPass() {
        let written = output(isTerminal: false)
        #expect(written.first == "checking: 10% (1000 rows)\n")
        #expect(written[9] == "checking: 100% (10000 rows)\n")
        #expect(
            written.dropFirst(10) == [
                "storing: 25% (2500 of 10000 rows)\n", "storing: 50% (5000 of 10000 rows)\n",
                "storing: 75% (7500 of 10000 rows)\n", "storing: 100% (10000 of 10000 rows)\n",
            ])
    }

    @Test func smallFilesShowNothingAndTheEstimateDecidesWhileChecking() {
        #expect(output(isTerminal: true, threshold: 10_001).isEmpty)
        #expect(output(isTerminal: false, threshold: 10_001).isEmpty)
        // 1024 rows in the first 10 % of the bytes: about 10,240 rows, so the bar shows.
        let early = ImportProgress(phase: .checking, rows: 1024, totalRows: nil, fraction: 0.1)
        #expect(output(isTerminal: true, threshold: 10_000, [early]).count == 1)
        #expect(output(isTerminal: true, threshold: 10_300, [early]).isEmpty)
    }

    @Test func aTerminalIsNotRedrawnWhenThePercentageStaysTheSame() {
        let steps = (1...50).map {
            ImportProgress(phase: .storing, rows: $0 * 100, totalRows: 100_000, fraction: Double($0) / 1000)
        }
        #expect(output(isTerminal: true, steps).count == 6, "0% to 5%, each drawn once")
    }

    @Test func percentagesAreNotCutShortByFloatingPoint() {
        let step = ImportProgress(phase: .storing, rows: 58, totalRows: 100, fraction: 58.0 / 100)
        #expect(output(isTerminal: false, threshold: 1, [step]) == ["storing: 58% (58 of 100 rows)\n"])
        let almost = ImportProgress(phase: .storing, rows: 9999, totalRows: 10_000, fraction: 0.9999)
        #expect(output(isTerminal: true, threshold: 1, [almost]).first?.contains(" 99% ") == true)
    }
}
