import ArgumentParser
import DocumentStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        if !yes {
            guard isatty(0) != 0 else {
                throw CommandFailure(
                    "reset deletes the a3cats collection; add --yes to confirm when not on a terminal")
            }
            StandardError.write("Delete a3cats in \(dataDir) and reload the seed? [y/N] ")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                print("Nothing changed.")
                return
            }
        }
        let access = try DataFolderAccess.open(dataDir, exclusive: true)
        let summary = try await SeedData.reset(access.store, file: seedFile)
        print("Reset \(SeedData.collection): \(summary.rows) seed rows.")
    }
}
