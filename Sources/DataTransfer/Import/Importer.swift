import DocumentStore
import PlatformSupport

/// Imports a Mockaroo-style file (JSON array, JSON lines or CSV) into a collection.
///
/// It reads the file twice: first to count the rows and infer the schema (for a new
/// collection) or check every value against the existing one, then to hand the documents to
/// the sink in batches inside one transaction. So a bad row anywhere stores nothing, and the
/// error names the file, the line and the field.
///
/// ```swift
/// let importer = Importer(options: ImportOptions(collection: "a3cats"))
/// let summary = try await importer.run(path: "seed/a3cats.json", into: sink)
/// print(summary.rows, summary.rowsPerSecond)
/// ```
public struct Importer {
    public var options: ImportOptions
    /// Called every 1024 rows and at the end of the first pass, then after each batch of the
    /// second.
    public var progress: (ImportProgress) -> Void

    /// Rows between two progress reports of the first pass (a power of two: a mask tests it).
    static let checkingReportInterval = 1024

    public init(options: ImportOptions, progress: @escaping (ImportProgress) -> Void = { _ in }) {
        self.options = options
        self.progress = progress
    }

    /// A file named `.json`, `.jsonl` or `.ndjson` whose first byte is neither `[` nor `{` would
    /// be read as CSV (a header row and no data, say for a file holding `5`): refused instead,
    /// unless the format was given.
    static func checkJSONFileName(_ file: String, format: ImportFormat, given: ImportFormat?)
        throws(ImportError)
    {
        guard given == nil, format == .csv else { return }
        let name = file.lowercased()
        guard name.hasSuffix(".json") || name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") else { return }
        throw ImportError(
            file: file, line: 1,
            message: "a JSON import starts with [ (an array of objects) or { (one object per line); "
                + "this file starts with neither (use --format csv if it is CSV); nothing was imported")
    }

    /// Imports the file at `path`.
    public func run(path: String, into sink: some ImportSink) async throws -> ImportSummary {
        try await run(bytes: try FileInput.readAll(path: path), file: path, into: sink)
    }

    /// Imports `bytes`, naming them `file` in errors.
    public func run(bytes: [UInt8], file: String, into sink: some ImportSink) async throws -> ImportSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let format = options.format ?? ImportFormat.detect(bytes)
        try Self.checkJSONFileName(file, format: format, given: options.format)
        let existing = options.recreate ? nil : try await sink.existingFields(of: options.collection)
        let declared = Dictionary(
            (existing ?? []).map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
        let check = try checkFile(bytes, format: format, file: file, existing: existing, declared: declared)
        let plan = ImportPlan(
            newSchema: existing == nil ? check.fields : nil, replace: options.replace,
            recreate: options.recreate, keepIds: options.keepIds, totalRows: check.rows)
        let batches = ImportBatches(
            reader: try ImportReader(bytes: bytes, format: format, file: file, declaredTypes: declared),
            file: file, batchSize: options.batchSize,
            prepare: { [options] record throws(ImportError) in
                DocumentPreparation.prepare(
                    record, keepIds: options.keepIds, localImages: options.localImages)
            },
            progress: { [progress] done in
                let fraction = check.rows == 0 ? 1 : Double(done) / Double(check.rows)
                progress(
                    ImportProgress(phase: .storing, rows: done, totalRows: check.rows, fraction: fraction))
            })
        try await sink.write(batches, to: options.collection, plan: plan)
        let seconds = (clock.now - start).fractionalSeconds
        return ImportSummary(
            collection: options.collection, format: format, rows: check.rows, seconds: seconds,
            fields: existing ?? check.fields, inferred: existing == nil)
    }

    /// Pass one: counts the rows and infers the schema or checks values against it.
    private func checkFile(
        _ bytes: [UInt8], format: ImportFormat, file: String, existing: [ImportField]?,
        declared: [String: ImportFieldType]
    ) throws(ImportError) -> (rows: Int, fields: [ImportField]) {
        var reader = try ImportReader(bytes: bytes, format: format, file: file, declaredTypes: declared)
        var inference = SchemaInference(file: file)
        var rows = 0
        let mask = Importer.checkingReportInterval - 1
        while let record = try reader.next() {
            rows += 1
            if rows & mask == 0 { reportChecking(rows: rows, bytesRead: reader.bytesRead, of: bytes.count) }
            if options.keepIds { try DocumentPreparation.checkId(record, file: file) }
            if existing == nil {
                try inference.add(record)
            } else {
                try DocumentPreparation.check(record, against: declared, file: file)
            }
        }
        reportChecking(rows: rows, bytesRead: bytes.count, of: bytes.count)
        return (rows, inference.fields())
    }

    private func reportChecking(rows: Int, bytesRead: Int, of total: Int) {
        let fraction = total == 0 ? 1 : Double(bytesRead) / Double(total)
        progress(ImportProgress(phase: .checking, rows: rows, totalRows: nil, fraction: fraction))
    }

}

/// How an import runs.
public struct ImportOptions: Sendable {
    public var collection: String
    /// nil: detect from the content.
    public var format: ImportFormat?
    public var replace: Bool
    /// Drop the collection and create it again with a schema inferred from the file, in the
    /// import's transaction (what `restlite reset` does); the old schema is not consulted.
    public var recreate: Bool
    public var keepIds: Bool
    public var batchSize: Int
    /// Point photo URLs of the picture services at a restlite server's stand-ins
    /// (`--local-images`); every top-level text value is rewritten, nothing else.
    public var localImages: LocalImageURLs?

    public init(
        collection: String, format: ImportFormat? = nil, replace: Bool = false, recreate: Bool = false,
        keepIds: Bool = false, batchSize: Int = 1000, localImages: LocalImageURLs? = nil
    ) {
        self.collection = collection
        self.format = format
        self.replace = replace
        self.recreate = recreate
        self.keepIds = keepIds
        self.batchSize = batchSize
        self.localImages = localImages
    }
}

/// What an import did.
public struct ImportSummary: Sendable {
    public var collection: String
    public var format: ImportFormat
    public var rows: Int
    public var seconds: Double
    /// The collection's schema: inferred (when `inferred`) or the one it already had.
    public var fields: [ImportField]
    public var inferred: Bool

    public init(
        collection: String, format: ImportFormat, rows: Int, seconds: Double, fields: [ImportField],
        inferred: Bool
    ) {
        self.collection = collection
        self.format = format
        self.rows = rows
        self.seconds = seconds
        self.fields = fields
        self.inferred = inferred
    }

    public var rowsPerSecond: Double { seconds > 0 ? Double(rows) / seconds : Double(rows) }

    /// `Imported 100 rows into a3cats in 0.01 s (10000 rows/s).`
    public var description: String {
        let rate = Int(rowsPerSecond.rounded())
        let time = (seconds * 100).rounded() / 100
        return "Imported \(Phrase.count(rows, "row")) into \(collection) in \(time) s (\(rate) rows/s)."
    }
}
