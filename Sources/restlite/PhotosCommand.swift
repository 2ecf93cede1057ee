import ArgumentParser
import DataTransfer
import DocumentJSON
import DocumentStore
import RestDBAPI
import ServerAssembly

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite photos local|remote`: points an existing data folder's photo URLs at the
/// stand-ins, or back at dummyimage.com, placekitten.com and cdn2.thecatapi.com.
struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Point stored photo URLs at this server's stand-ins (local) or back at the web (remote).",
        discussion: """
            'restlite serve --local-images' changes only the first seed of a new data folder. For a \
            folder seeded without it, 'restlite photos local' rewrites every stored URL of \
            dummyimage.com, placekitten.com and cdn2.thecatapi.com (in every text value of every \
            collection, or of --collection) into a URL of the stand-ins, so an app shows pictures \
            with no internet connection; 'restlite photos remote' puts them back.

            Beside a running 'restlite serve' on the folder the change goes through that server \
            (POST /_restlite/photos), whose base is --public-url, else its own address; without \
            a server it is made in the database, with the base --public-url, else \
            http://127.0.0.1:8080. With --database postgres://... the change is made in that \
            database, which the servers on it see at once.

            Examples:
              restlite photos local
              restlite photos local --public-url http://192.168.1.5:8080
              restlite photos remote --data-dir ./offline
              restlite photos local --database postgres://restlite@db.example/restlite
            """
    )

    enum Direction: String, ExpressibleByArgument, CaseIterable {
        case local, remote
    }

    @Argument(help: "local (the stand-ins) or remote (the web services).")
    var direction: Direction

    @Option(help: "The data folder. [env RESTLITE_DATA_DIR; default ./data]")
    var dataDir: String?

    @Option(help: DatabaseFlag.help)
    var database: String?

    @Option(help: "Only this collection (default: every collection).")
    var collection: String?

    @Option(
        name: .customLong("public-url"),
        help: "With local: the server's base URL, as in http://192.168.1.5:8080.")
    var publicURL: String?

    private var folderPath: String {
        dataDir ?? ProcessInfo.processInfo.environment["RESTLITE_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "./data"
    }

    func run() async throws {
        let outcome: (documents: Int, values: Int, base: String?)
        let database = try DatabaseFlag.resolve(database)
        if database == nil, let server = try RunningServer.find(dataDir: folderPath) {
            var body: JSONObject = ["to": .string(direction.rawValue)]
            if let publicURL { body["base"] = .string(publicURL) }
            if let collection { body["collection"] = .string(collection) }
            let answer = try await server.send(
                "POST", "/_restlite/photos", body: Data(body.serialized().utf8))
            let object = (try? JSON.parse([UInt8](answer)))?.objectValue
            outcome = (
                Int(object?["documents"]?.numberValue?.doubleValue ?? 0),
                Int(object?["values"]?.numberValue?.doubleValue ?? 0), object?["base"]?.stringValue
            )
        } else {
            outcome = try await switchLocally(database: database)
        }
        let target =
            direction == .local
            ? "the stand-ins at \(outcome.base ?? "")"
            : "dummyimage.com, placekitten.com and cdn2.thecatapi.com"
        print(
            "Pointed \(Phrase.count(outcome.values, "photo URL")) in \(Phrase.count(outcome.documents, "document")) at \(target)."
        )
    }

    /// The change made in the database itself: the folder's SQLite file (under its lock), or
    /// the PostgreSQL database at `database`, which several servers may be using.
    private func switchLocally(database: String?) async throws -> (documents: Int, values: Int, base: String?)
    {
        let base = publicURL ?? "http://127.0.0.1:8080"
        let switchTo: PhotoURLSwitch =
            direction == .local ? .local(StandInRoutes.localImageURLs(base: base)) : .remote
        let selected = collection.map { [$0] }
        let shownBase = direction == .local ? base : nil
        if database != nil {
            // Says so when the database holds no restlite tables yet.
            let access = try DataFolderAccess.openExisting(folderPath, database: database)
            let outcome = try PhotoURLSwitch.apply(to: access.store, switchTo, collections: selected)
            return (outcome.documents, outcome.values, shownBase)
        }
        _ = try DataFolderAccess.openExisting(folderPath)  // says so when there is no database
        return try await DataFolderAccess.withStore(
            creatingIn: folderPath,
            whenServing: "run this again once it listens, it then goes through the server"
        ) { engine in
            let outcome = try PhotoURLSwitch.apply(to: engine, switchTo, collections: selected)
            return (outcome.documents, outcome.values, shownBase)
        }
    }
}
