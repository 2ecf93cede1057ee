import ArgumentParser
import DataTransfer
import DocumentStore

/// `restlite generate a3cats`: Mockaroo-shaped rows, offline and reproducible.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Mockaroo-shaped sample data as a JSON array, without network.",
        discussion: """
            The only data set is a3cats, the course's cat collection: catName, ownerName, \
            breedId, birthDate, weightKg, rating, photoUrl. The same --seed always gives the \
            same bytes; output streams, so any number of rows fits in memory.

            Examples:
              restlite generate a3cats --rows 100 --seed 2019 --output seed/a3cats.json
              restlite generate a3cats --rows 1000000 --seed 7 > big.json
            """
    )

    @Argument(help: "The data set to generate (only 'a3cats').")
    var dataset: String

    // Unconditional, so `--rows -5` reaches validate() instead of reading as a missing value.
    @Option(parsing: .unconditional, help: "How many rows to write.")
    var rows: Int = 100

    @Option(help: "Seed of the random generator; the same seed gives the same output.")
    var seed: UInt64 = 2019

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func validate() throws {
        guard dataset == "a3cats" else {
            throw ValidationError("unknown data set '\(dataset)'; the only one is 'a3cats'")
        }
        guard rows >= 0 else {
            throw ValidationError("--rows must be a positive whole number (or 0), such as 100, not \(rows)")
        }
    }

    func run() throws {
        let file =
            try output.map { path throws(ImportError) in try FileOutput(path: path) } ?? .standardOutput()
        var sink = file
        try A3CatsGenerator.write(rows: rows, seed: seed, to: &sink)
        try file.flush()
    }
}
