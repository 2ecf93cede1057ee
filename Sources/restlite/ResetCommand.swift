import ArgumentParser
import DataTransfer
import DocumentStore
import PostgresStore
import RestDBAPI
import ServerAssembly

/// `restlite reset`: the a3cats collection back to the seed.
struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Return a data folder to the seed: replace a3cats with the seed rows.",
        discussion: """
            The seed comes from the same place as for 'restlite serve': --seed FILE when given, \
            else seed/a3cats.json when that file is in the working directory, else the identical \
            100 rows built into the binary ('restlite generate a3cats --rows 100 --seed 2019'). \
            The schema is inferred anew. One transaction: a seed file that fails to import \
            leaves a3cats as it was. Other collections and the keys are left alone. Asks before \
            it deletes on a terminal; --yes skips the question and is required when standard \
            input is not a terminal.

            Examples:
              restlite reset
              restlite reset --data-dir /tmp/cats --yes
              restlite reset --yes --seed my-cats.json
            """
    )

    @Option(help: "The data folder.")
    var dataDir = "./data"

    @Option(help: DatabaseFlag.help)
    var database: String?

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @Option(
        name: [.customLong("seed"), .customLong("seed-file")],
        help: ArgumentHelp(
            "JSON file to import instead of seed/a3cats.json (or the built-in seed).", valueName: "file"))
    var seedFile: String?

    func run() async throws {
        let source: SeedSource
        do {
            source = try SeedSource(configured: seedFile)
        } catch let error as ServeError {
            throw CommandFailure(error.description)
        }
        let database = try DatabaseFlag.resolve(database)
        guard try ResetConfirmation.confirm(dataDir: database.map(PostgresURL.redacted) ?? dataDir, yes: yes)
        else {
            print("Nothing changed.")
            return
        }
        let summary: ImportSummary
        do {
            summary = try await DataFolderAccess.withStore(
                creatingIn: dataDir, database: database,
                whenServing:
                    "stop it (Ctrl-C) and run this again, or restart it with 'restlite serve --reset'"
            ) { store in
                try await source.load(into: store)
            }
        } catch let error as ImportError {
            throw CommandFailure("\(error)\nNothing was changed.")
        }
        print("Reset \(SeedData.collection): \(Phrase.count(summary.rows, "row")) from \(source.label).")
    }
}
