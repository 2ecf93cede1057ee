import ArgumentParser

/// The `restlite` executable: a local stand-in for a restdb.io database.
@main
struct Restlite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restlite",
        abstract: "A local stand-in for a restdb.io database: REST API, SQLite storage and data tools.",
        discussion: """
            Start the server with 'restlite serve' (127.0.0.1:8080, data in ./data, seeded with \
            a3cats on first start; 'restlite serve --help' lists its flags).

            Data commands work on a data folder (default ./data):

              restlite generate a3cats --rows 100 --seed 2019 --output cats.json
              restlite import cats.json --collection a3cats
              restlite export --collection a3cats --format csv --output cats.csv
              restlite reset --yes
              restlite keys add
              restlite index add --collection a3cats --field rating
            """,
        version: RestliteVersion.current,
        subcommands: [
            ServeCommand.self, KeysCommand.self, GenerateCommand.self, ImportCommand.self, ExportCommand.self,
            ResetCommand.self, IndexCommand.self, PhotosCommand.self, HealthCommand.self, MigrateCommand.self,
        ]
    )
}
