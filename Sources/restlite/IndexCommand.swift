import ArgumentParser
import DocumentStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite index add`: declares field indexes on a collection.
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Manage field indexes, which make equality, range and sort on a field fast.",
        subcommands: [Add.self]
    )

    /// `restlite index add --collection c --field f [--field g ...]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Index one or more fields of a collection (idempotent).",
            discussion: """
                Without an index, a query or sort on a field reads and parses every document \
                (about 0.2 s per 100,000 documents for a sort). An indexed field answers \
                equality, $in, ranges and sorts from the index in well under a millisecond; each \
                indexed field costs some insert and update time. Beside a running 'restlite \
                serve' on the same data folder (which keeps its database to itself) the index is \
                made by that server (POST /_restlite/indexes, with a full-access key from the \
                folder's keys.json); otherwise this command opens the database itself.

                Examples:
                  restlite index add --collection a3cats --field rating
                  restlite index add --collection a3cats --field name --field owner.city
                """
        )

        @Option(help: "The data folder.")
        var dataDir = "./data"

        @Option(help: "The collection.")
        var collection: String

        @Option(help: "A field name or dotted path (repeat for several).")
        var field: [String]

        func validate() throws {
            guard !field.isEmpty else { throw ValidationError("Name at least one --field.") }
        }

        func run() async throws {
            if let server = try RunningServer.find(dataDir: dataDir) {
                for path in field {
                    let body: JSONObject = ["collection": .string(collection), "field": .string(path)]
                    _ = try await server.send(
                        "POST", "/_restlite/indexes", body: Data(body.serialized().utf8))
                    print("Indexed \(collection).\(path) (through the server at \(server.url))")
                }
                return
            }
            // No server: an index is a plain SQLite write on the file.
            let access = try DataFolderAccess.openExisting(dataDir)
            for path in field {
                do {
                    try access.store.createIndex(collection: collection, path: path)
                } catch let error as StoreError {
                    throw CommandFailure("cannot index \(path): \(error)")
                }
                print("Indexed \(collection).\(path)")
            }
        }
    }
}
