import ArgumentParser
import DataTransfer
import DocumentStore
import RestDBAPI
import RestDBClient
import RestDBClientSocketTransport
import ServerAssembly

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

            With --url and --apikey the rows go to a running server instead (POST /rest/<coll> \
            in batches of --batch), so it need not stop. Every row is still checked before the \
            first request, and each batch is stored whole or not at all, but a batch refused \
            midway leaves the earlier ones stored: the error says how many, and which batch and \
            line failed. A new collection first gets the inferred schema (restlite's PUT \
            /rest/<coll>/_meta), so the server stores dates normalised as a local import does; \
            the server assigns every _id, so --keep-ids is refused.

            Examples:
              restlite import MOCK_DATA.json --collection a3cats
              restlite import cats.csv --collection a3cats --replace
              restlite export --collection a3cats > backup.json
              restlite import backup.json --collection a3cats --replace --keep-ids
              restlite import cats.json --collection a3cats --url http://127.0.0.1:8080 --apikey KEY
              restlite import MOCK_DATA.json --collection a3cats --local-images

            --local-images stores photo URLs of dummyimage.com, placekitten.com and \
            cdn2.thecatapi.com as URLs of restlite serve's stand-ins (/dummyimage, /placekitten, \
            /thecatapi/images) on --public-url (default: --url's server, else \
            http://127.0.0.1:8080), so the app loads every photo offline.
            """
    )

    @Argument(help: "The file to import (JSON array, JSON lines or CSV; UTF-8, BOM allowed).")
    var file: String

    @Option(help: "The collection to import into; created when missing.")
    var collection: String

    @Option(help: "json, jsonl or csv (default: detected from the content).")
    var format: ImportFormat?

    @Flag(help: "Empty the collection first (in the same transaction; with --url, before the first batch).")
    var replace = false

    @Flag(help: "Keep each document's _id (as written by 'restlite export').")
    var keepIds = false

    @Option(help: "The data folder (default: ./data).")
    var dataDir: String?

    @Option(help: DatabaseFlag.help)
    var database: String?

    @Option(help: "Import into a running server at this URL instead of a data folder.")
    var url: String?

    @Option(help: "A full-access API key for --url.")
    var apikey: String?

    @Option(help: "Documents per batch.")
    var batch = 1000

    @Flag(help: "Store photo URLs on restlite serve's picture stand-ins (see below).")
    var localImages = false

    @Option(
        help: ArgumentHelp(
            "With --local-images: the server's base URL. [default: --url, else http://127.0.0.1:8080]",
            valueName: "url"))
    var publicURL: String?

    func validate() throws {
        if publicURL != nil, !localImages {
            throw ValidationError("--public-url only goes with --local-images")
        }
        if let publicURL, Self.serverURL(publicURL) == nil {
            throw ValidationError("--public-url needs an http or https URL such as http://127.0.0.1:8080")
        }
        guard batch > 0 else { throw ValidationError("--batch must be at least 1, not \(batch)") }
        guard !collection.isEmpty else { throw ValidationError("--collection needs a name, such as a3cats") }
        if apikey != nil, url == nil { throw ValidationError("--apikey only goes with --url") }
        if let url {
            guard apikey != nil else { throw ValidationError("--url needs --apikey KEY (a full-access key)") }
            guard dataDir == nil else { throw ValidationError("--data-dir and --url exclude each other") }
            guard database == nil else { throw ValidationError("--database and --url exclude each other") }
            guard !keepIds else {
                throw ValidationError(
                    "--keep-ids cannot be used with --url: the server assigns every _id on POST; "
                        + "stop the server and import into its data folder with --data-dir instead")
            }
            guard Self.serverURL(url) != nil else {
                throw ValidationError(
                    "--url needs an http or https URL such as http://127.0.0.1:8080, not '\(url)'")
            }
            #if !canImport(Darwin)
                // RestDBClient speaks plain http on Linux (no URLSession there; see ARCHITECTURE.md).
                guard Self.serverURL(url)?.scheme?.lowercased() == "http" else {
                    throw ValidationError(
                        "--url \(url): https needs macOS; on Linux import into a restlite server's http:// URL"
                    )
                }
            #endif
        }
    }

    func run() async throws {
        let progress = ImportProgressBar()
        let base = publicURL ?? url ?? "http://127.0.0.1:8080"
        let options = ImportOptions(
            collection: collection, format: format, replace: replace, keepIds: keepIds, batchSize: batch,
            localImages: localImages ? StandInRoutes.localImageURLs(base: base) : nil)
        let importer = Importer(options: options) { progress.update($0) }
        if let url, let apikey, let baseURL = Self.serverURL(url) {
            try await runRemote(importer, client: RestDBClient(baseURL: baseURL, apiKey: apikey))
        } else {
            try await runLocal(importer, database: try DatabaseFlag.resolve(database))
        }
    }

    private func runLocal(_ importer: Importer, database: String?) async throws {
        let summary: ImportSummary
        do {
            summary = try await DataFolderAccess.withStore(
                creatingIn: dataDir ?? "./data", database: database,
                whenServing: Self.whenServing(file: file, collection: collection)
            ) { store in
                try await importer.run(path: file, into: LocalStoreSink(store: store))
            }
        } catch let error as ImportError {
            throw CommandFailure("\(error)\nNothing was imported.")
        }
        print(Self.schemaLine(summary, where: ""))
        print(summary.description)
    }

    private func runRemote(_ importer: Importer, client: RestDBClient) async throws {
        let summary: ImportSummary
        do {
            summary = try await importer.run(path: file, into: RemoteImportSink(client: client))
        } catch let error as ImportError {
            throw CommandFailure("\(error)\nNothing was sent to the server.")
        } catch let error as RemoteImportError {
            throw CommandFailure(error.description)
        } catch let error as RestDBError {
            // Reading the schema or emptying the collection failed: no batch was sent.
            throw CommandFailure("\(client.baseURL): \(error)\nNo rows were sent.")
        }
        print(Self.schemaLine(summary, where: " on the server"))
        print(summary.description)
    }

    /// `Inferred schema: birthDate: date, ...`, `Schema of cats on the server: ...`, or what
    /// stands for an empty one.
    static func schemaLine(_ summary: ImportSummary, where place: String) -> String {
        let fields = summary.fields.map(\.description).joined(separator: ", ")
        let collection = summary.collection
        if summary.inferred {
            let set = place.isEmpty ? "" : " (set\(place))"
            return fields.isEmpty
                ? "Inferred schema\(set): none (no column holds a value), so \(collection) has no schema."
                : "Inferred schema\(set): \(fields)"
        }
        return fields.isEmpty
            ? "\(collection) has no schema\(place); values were stored as the file has them."
            : "Schema of \(collection)\(place): \(fields)"
    }

    /// What to do when a server holds the data folder: send the rows through it.
    static func whenServing(file: String, collection: String) -> String {
        "import through it instead, with its URL and a full-access key: restlite import \(file) "
            + "--collection \(collection) --url http://127.0.0.1:8080 --apikey KEY (the server's banner shows both)"
    }

    /// An absolute http(s) URL with a host, or nil.
    static func serverURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

extension ImportFormat: ExpressibleByArgument {}
