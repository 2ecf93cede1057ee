import ArgumentParser
import DataTransfer
import DocumentStore
import MediaArchive
import PostgresStore
import RestDBAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite export --collection NAME`: a collection as JSON, JSON lines or CSV.
struct ExportCommand: AsyncParsableCommand {
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

            Beside a running 'restlite serve' on the same data folder, the export goes through \
            that server (which keeps its database to itself), with a full-access key from the \
            folder's keys.json. --output is written under a temporary name and renamed once \
            complete, so a failed export leaves no empty or partial file.

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

    @Option(help: DatabaseFlag.help)
    var database: String?

    @Option(help: "Also copy the media archive (uploaded files and their metadata) into this folder.")
    var mediaDir: String?

    func run() async throws {
        let database = try DatabaseFlag.resolve(database)
        if database == nil, let server = try RunningServer.find(dataDir: dataDir) {
            try await exportThrough(server)
        } else {
            try exportLocally(database: database)
        }
        if let mediaDir {
            let media: MediaStore
            if let database {
                media = try MediaStore(storage: DataFolderAccess.openDatabase(database).mediaStorage())
            } else {
                media = try MediaStore(directory: DataFolder(path: dataDir).mediaURL.path)
            }
            let copied = try media.copyAll(to: mediaDir)
            StandardError.write("Copied \(Phrase.count(copied, "media file")) to \(mediaDir).\n")
        }
    }

    private func exportLocally(database: String?) throws {
        let access = try DataFolderAccess.openExisting(dataDir, database: database)
        guard access.store.collectionNames().contains(collection) else {
            let names = access.store.collectionNames().joined(separator: ", ")
            let place = database.map(PostgresURL.redacted) ?? dataDir
            throw CommandFailure(
                "no collection '\(collection)' in \(place) (it has: \(names.isEmpty ? "none" : names))")
        }
        let count = try AtomicOutput.whole(to: output) { file in
            var sink = file
            return try Exporter.export(
                collection: collection, from: access.store, format: format, metafields: metafields,
                escapeFormulas: !raw, to: &sink)
        }
        if output != nil {
            StandardError.write("Exported \(Phrase.count(count, "document")) from \(collection).\n")
        }
    }

    /// The server's `GET /_restlite/export/<collection>`: the same bytes the local export writes.
    private func exportThrough(_ server: RunningServer) async throws {
        var query = [(name: "format", value: format.rawValue)]
        if metafields { query.append((name: "metafields", value: "true")) }
        if raw { query.append((name: "raw", value: "true")) }
        let bytes = try await server.send(
            "GET", "/_restlite/export/\(RunningServer.pathSegment(collection))", query: query)
        try AtomicOutput.whole(to: output) { file in try file.write(Array(bytes)) }
        if output != nil {
            StandardError.write("Exported \(collection) through the server at \(server.url).\n")
        }
    }
}
