import ArgumentParser
import DocumentStore

/// `restlite reset`: the a3cats collection back to the seed.
struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Return a data folder to the seed: drop a3cats and import the seed rows again.",
        discussion: """
            The seed is seed/a3cats.json (100 rows, the output of 'restlite generate a3cats \
            --rows 100 --seed 2019', built into the binary). Other collections and the keys are \
            left alone. Asks before it deletes on a terminal; --yes skips the question and is \
            required when standard input is not a terminal.

            Examples:
              restlite reset
              restlite reset --data-dir /tmp/cats --yes
            """
    )

    @Option(help: "The data folder.")
    var dataDir = "./data"

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @Option(help: "Import this JSON file instead of the built-in seed.")
    var seedFile: String?

    func run() async throws {
        guard try ResetConfirmation.confirm(dataDir: dataDir, yes: yes) else {
            print("Nothing changed.")
            return
        }
        let access = try DataFolderAccess.open(dataDir, exclusive: true)
        let summary = try await SeedData.reset(access.store, file: seedFile)
        print("Reset \(SeedData.collection): \(summary.rows) seed rows.")
    }
}
