import ArgumentParser
import DocumentJSON
import DocumentStore
import PostgresStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite index add|list|remove`: field indexes, declared and automatic.
struct IndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Manage field indexes, which make equality, range and sort on a field fast.",
        subcommands: [Add.self, List.self, Remove.self]
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

        @Option(help: DatabaseFlag.help)
        var database: String?

        @Option(help: "The collection.")
        var collection: String

        @Option(help: "A field name or dotted path (repeat for several).")
        var field: [String]

        func validate() throws {
            guard !field.isEmpty else { throw ValidationError("Name at least one --field.") }
        }

        func run() async throws {
            let database = try DatabaseFlag.resolve(database)
            if database == nil, let server = try RunningServer.find(dataDir: dataDir) {
                for path in field {
                    let body: JSONObject = ["collection": .string(collection), "field": .string(path)]
                    _ = try await server.send(
                        "POST", "/_restlite/indexes", body: Data(body.serialized().utf8))
                    print("Indexed \(collection).\(path) (through the server at \(server.url))")
                }
                return
            }
            // No server: an index is a plain write on the file (or the database).
            let access = try DataFolderAccess.openExisting(dataDir, database: database)
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

    /// `restlite index list [--collection c]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the field indexes, declared and automatic.",
            discussion: """
                One line per indexed field: the collection, the field, what the index serves \
                (filter: equality, $in and ranges; sort) and whether it was declared ('restlite \
                index add', or a unique field of the schema) or made by the server itself, for \
                a field that slow reads kept using (see 'restlite serve --help', --no-auto-index). \
                Beside a running server it asks that server (GET /_restlite/indexes).

                Examples:
                  restlite index list
                  restlite index list --collection a3cats
                """
        )

        @Option(help: "The data folder.")
        var dataDir = "./data"

        @Option(help: DatabaseFlag.help)
        var database: String?

        @Option(help: "Only this collection.")
        var collection: String?

        func run() async throws {
            let rows: [JSONValue]
            let database = try DatabaseFlag.resolve(database)
            if database == nil, let server = try RunningServer.find(dataDir: dataDir) {
                let query = collection.map { [(name: "collection", value: $0)] } ?? []
                let data = try await server.send("GET", "/_restlite/indexes", query: query)
                rows = (try? JSON.parse(Array(data)))?.objectValue?["indexes"]?.arrayValue ?? []
            } else {
                rows = try localRows(database: database)
            }
            guard !rows.isEmpty else {
                let place = database.map(PostgresURL.redacted) ?? dataDir
                return print(collection.map { "No indexes on \($0)." } ?? "No indexes in \(place).")
            }
            for row in rows.compactMap(\.objectValue) {
                let purposes =
                    row["purposes"]?.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? ""
                let kind = row["automatic"]?.boolValue == true ? "automatic" : "declared"
                let name = "\(row["collection"]?.stringValue ?? "").\(row["field"]?.stringValue ?? "")"
                print(Self.padded(name, 24) + Self.padded(purposes, 14) + kind)
            }
        }

        /// `text` and spaces up to `width` columns (at least two spaces after it).
        private static func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(2, width - text.count))
        }

        private func localRows(database: String?) throws -> [JSONValue] {
            let access = try DataFolderAccess.openExisting(dataDir, database: database)
            let names = collection.map { [$0] } ?? access.store.collectionNames()
            do {
                return try names.flatMap { name in
                    try access.store.indexes(of: name).map { index in
                        JSONValue.object([
                            "collection": .string(name), "field": .string(index.field),
                            "purposes": .array(index.purposes.map(\.rawValue).sorted().map(JSONValue.string)),
                            "automatic": .bool(index.automatic),
                        ])
                    }
                }
            } catch let error as StoreError {
                throw CommandFailure("\(error)")
            }
        }
    }

    /// `restlite index remove --collection c --field f`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a field's indexes (declared or automatic).",
            discussion: """
                A unique field of the schema keeps its index (the unique check reads it). Beside \
                a running server the server removes it (DELETE /_restlite/indexes/<c>/<field>).

                Example:
                  restlite index remove --collection a3cats --field rating
                """
        )

        @Option(help: "The data folder.")
        var dataDir = "./data"

        @Option(help: DatabaseFlag.help)
        var database: String?

        @Option(help: "The collection.")
        var collection: String

        @Option(help: "The field name or dotted path.")
        var field: String

        func run() async throws {
            let database = try DatabaseFlag.resolve(database)
            if database == nil, let server = try RunningServer.find(dataDir: dataDir) {
                let path =
                    "/_restlite/indexes/\(RunningServer.pathSegment(collection))/\(RunningServer.pathSegment(field))"
                _ = try await server.send("DELETE", path)
                return print(
                    "Removed the index on \(collection).\(field) (through the server at \(server.url))")
            }
            let access = try DataFolderAccess.openExisting(dataDir, database: database)
            let removed: Bool
            do {
                removed = try access.store.dropIndex(collection: collection, field: field)
            } catch let error as StoreError {
                throw CommandFailure("cannot remove the index on \(field): \(error)")
            }
            guard removed else { throw CommandFailure("\(collection).\(field) has no index") }
            print("Removed the index on \(collection).\(field)")
        }
    }
}
