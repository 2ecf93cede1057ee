import DataTransfer
import DocumentStore
import RestDBClient

/// A `--url` import that failed after it started sending: which batch (and, when the server
/// says, which line) failed, how many rows the server had already stored and keeps, and how to
/// start over. The server has no transaction across requests, so earlier batches stay.
///
/// ```text
/// cats.json, batch 3 of 10 (lines 2002-3001), line 2045: the server refused the batch:
///   400 ValidationError: ... ; weightKg: must be a number (element 43 of the array)
/// 2000 of 10000 rows were stored (batches 1-2) and stay in a3cats.
/// Fix the file and re-run with --replace to empty a3cats and import the whole file again.
/// ```
struct RemoteImportError: Error, CustomStringConvertible {
    /// Where a remote import was when it stopped.
    struct Report {
        var collection: String
        var file: String
        var totalRows: Int
        /// `--replace` emptied the collection before the first batch.
        var replaced: Bool
        /// Rows the server answered as stored.
        var storedRows = 0
        /// 1-based number of the batch being sent.
        var batchNumber = 0
        /// The file lines of the batch being sent (nil when it could not be read).
        var lines: ClosedRange<Int>?
        private var batchSize = 0

        init(collection: String, file: String, totalRows: Int, replaced: Bool) {
            self.collection = collection
            self.file = file
            self.totalRows = totalRows
            self.replaced = replaced
        }

        mutating func startBatch(rows: Int, lines: ClosedRange<Int>?) {
            batchNumber += 1
            if batchSize == 0 { batchSize = rows }
            self.lines = lines
        }

        /// How many batches the whole file makes.
        var batchCount: Int {
            batchSize == 0 ? batchNumber : max(batchNumber, (totalRows + batchSize - 1) / batchSize)
        }
    }

    let report: Report
    let cause: any Error
    /// The file line the server named, when it named one.
    let failedLine: Int?

    /// The request may have reached the server even though no answer came back.
    var outcomeUnknown: Bool {
        if case .transport = cause as? RestDBError { return true }
        return false
    }

    var description: String {
        [place + ": " + reason, storedSentence, hint].compactMap { $0 }.joined(separator: "\n")
    }

    private var place: String {
        var text = "\(report.file), batch \(report.batchNumber) of \(report.batchCount)"
        if let lines = report.lines {
            text +=
                lines.count == 1
                ? " (line \(lines.lowerBound))" : " (lines \(lines.lowerBound)-\(lines.upperBound))"
        }
        if let failedLine { text += ", line \(failedLine)" }
        return text
    }

    private var reason: String {
        guard let error = cause as? RestDBError else { return "\(cause)" }
        if outcomeUnknown {
            return "no answer from the server (\(error.message)); it may or may not have stored this batch"
        }
        let problems = error.list.prefix(3).map { "\($0.field): \($0.message)" }
        let advice =
            error.status == 413 ? "; the batch is too large for the server, try a smaller --batch" : ""
        return "the server refused the batch: \(error)"
            + (problems.isEmpty ? "" : "; " + problems.joined(separator: "; ")) + advice
    }

    private var storedSentence: String {
        let rows = report.storedRows
        let earlier = report.batchNumber - 1
        let at = outcomeUnknown ? "At least \(rows)" : "\(rows)"
        guard rows > 0 else {
            return report.replaced
                ? "No rows were stored; --replace had already emptied \(report.collection)."
                : (outcomeUnknown ? "No earlier batch was stored." : "Nothing was imported.")
        }
        let batches = earlier == 1 ? "batch 1" : "batches 1-\(earlier)"
        let (was, stay) = rows == 1 ? ("was", "stays") : ("were", "stay")
        let total = Phrase.count(report.totalRows, "row")
        return "\(at) of \(total) \(was) stored (\(batches)) and \(stay) in \(report.collection)."
    }

    private var hint: String? {
        guard report.storedRows > 0 || outcomeUnknown else { return nil }
        let before = report.replaced ? "" : " (this also deletes what \(report.collection) held before)"
        return "Fix the cause and re-run with --replace to empty \(report.collection) and import the whole "
            + "file again\(before)."
    }
}
