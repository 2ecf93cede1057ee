import ArgumentParser
import DataTransfer
import DocumentStore
import MediaArchive
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite export --collection NAME`: a collection as JSON, JSON lines or CSV.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a collection as a JSON array, JSON lines or CSV.",
        discussion: """
            Documents come in _id (creation) order with their _id. The JSON array (the default) \
            is what 'restlite import --keep-ids' reads back into the same collection.

            Examples:
              restlite export --collection a3cats > a3cats.json
              restlite export --collection a3cats --format csv --output a3cats.csv
              restlite export --collection a3cats --format csv --raw   # no ' before =, +, -, @
              restlite export --collection a3cats --format jsonl --metafields
              restlite export --collection a3cats -o a3cats.json --media-dir media

            --media-dir copies the whole media archive (every uploaded file as <id> and its \
            metadata as <id>.json); copy that folder into another data folder as media/ to \
            serve the same files there.

            CSV text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab \
            or a carriage return) is written with a ' in front, as OWASP advises against CSV \
            injection; numbers such as -3 stay numbers. restlite import reads such a cell back \
            without the '. --raw writes every cell as it is.
            """
    )

    @Option(help: "The collection to export.")
    var collection: String

    @Option(help: "json (default), jsonl or csv.")
    var format: ImportFormat = .json

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Flag(help: "Include the system fields (_created, _changed, _createdby, _changedby, _version).")
    var metafields = false

    @Flag(
        help: """
            CSV: write text cells as they are. By default text starting with = + - @, a tab or a \
            carriage return gets a ' in front, so a spreadsheet shows it instead of running it as \
            a formula (restlite import takes the ' off again).
            """)
    var raw = false

    @Option(help: "The data folder.")
    var dataDir = "./data"

    @Option(help: "Also copy the media archive (uploaded files and their metadata) into this folder.")
    var mediaDir: String?

    func run() throws {
        let access = try DataFolderAccess.openExisting(dataDir)
        guard access.store.collectionNames().contains(collection) else {
            let names = access.store.collectionNames().joined(separator: ", ")
            throw CommandFailure(
                "no collection '\(collection)' in \(dataDir) (it has: \(names.isEmpty ? "none" : names))")
        }
        let file =
            try output.map { path throws(ImportError) in try FileOutput(path: path) } ?? .standardOutput()
        var sink = file
        let count = try Exporter.export(
            collection: collection, from: access.store, format: format, metafields: metafields,
            escapeFormulas: !raw, to: &sink)
        try file.flush()
        if output != nil {
            StandardError.write("Exported \(Phrase.count(count, "document")) from \(collection).\n")
        }
        if let mediaDir {
            let copied = try MediaStore(directory: access.folder.mediaURL.path).copyAll(to: mediaDir)
            StandardError.write("Copied \(Phrase.count(copied, "media file")) to \(mediaDir).\n")
        }
    }
}
