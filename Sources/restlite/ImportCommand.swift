import ArgumentParser
import DocumentStore

/// `restlite import FILE --collection NAME`: a Mockaroo export into a collection.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JSON array, JSON lines or CSV file into a collection, in one transaction.",
        discussion: """
            The format is detected from the content ('[' JSON array, '{' JSON lines, otherwise \
            CSV with a header row) unless --format is given. A new collection gets a schema \
            inferred the way restdb's import did (ISO dates -> date, numbers with a fraction -> \
            float_number, whole numbers -> number, true/false -> bool, objects/arrays -> json, \
            the rest text); an existing one keeps its schema and every value is checked against \
            it. A bad row anywhere stores nothing; the error names the file, line and field.

            Examples:
              restlite import MOCK_DATA.json --collection a3cats
              restlite import cats.csv --collection a3cats --replace
              restlite export --collection a3cats > backup.json
              restlite import backup.json --collection a3cats --replace --keep-ids
            """
    )

    @Argument(help: "The file to import (JSON array, JSON lines or CSV; UTF-8, BOM allowed).")
    var file: String

    @Option(help: "The collection to import into; created when missing.")
    var collection: String

    @Option(help: "json, jsonl or csv (default: detected from the content).")
    var format: ImportFormat?

    @Flag(help: "Empty the collection first (in the same transaction).")
    var replace = false

    @Flag(help: "Keep each document's _id (as written by 'restlite export').")
    var keepIds = false

    @Option(help: "The data folder.")
    var dataDir = "./data"

    @Option(help: "Import into a running server at this URL instead of a data folder.")
    var url: String?

    @Option(help: "API key for --url.")
    var apikey: String?

    @Option(help: "Documents per batch.")
    var batch = 1000

    func validate() throws {
        guard batch > 0 else { throw ValidationError("--batch must be at least 1, not \(batch)") }
        guard !collection.isEmpty else { throw ValidationError("--collection needs a name, such as a3cats") }
        if apikey != nil, url == nil { throw ValidationError("--apikey only goes with --url") }
        if url != nil {
            guard apikey != nil else { throw ValidationError("--url needs --apikey KEY (a full-access key)") }
            throw ValidationError(
                "importing into a running server (--url) is not available yet; stop the server and "
                    + "import into its data folder with --data-dir")
        }
    }

    func run() async throws {
        let access = try DataFolderAccess.open(dataDir, exclusive: true)
        let progress = ImportProgressBar()
        let options = ImportOptions(
            collection: collection, format: format, replace: replace, keepIds: keepIds, batchSize: batch)
        let importer = Importer(options: options) { done, total in progress.update(done: done, total: total) }
        let summary: ImportSummary
        do {
            summary = try await importer.run(path: file, into: LocalStoreSink(store: access.store))
        } catch let error as ImportError {
            throw CommandFailure("\(error)\nNothing was imported.")
        }
        let verb = summary.inferred ? "Inferred schema" : "Schema of \(collection)"
        print("\(verb): " + summary.fields.map(\.description).joined(separator: ", "))
        print(summary.description)
    }
}

extension ImportFormat: ExpressibleByArgument {}
