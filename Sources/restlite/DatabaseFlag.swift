import ArgumentParser
import PostgresStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--database postgres://...` (or `RESTLITE_DATABASE_URL`) on the data commands: they then
/// work on that PostgreSQL database, as `restlite serve --database` serves it, instead of the
/// data folder's SQLite file.
enum DatabaseFlag {
    static let help = ArgumentHelp(
        "A PostgreSQL database (postgres://...) to use instead of the data folder's SQLite file. "
            + "[default: RESTLITE_DATABASE_URL when set]",
        valueName: "url")

    /// The flag, else the variable; nil for neither. Anything but a `postgres://` URL is refused.
    static func resolve(_ flag: String?) throws -> String? {
        let variable = ProcessInfo.processInfo.environment["RESTLITE_DATABASE_URL"].flatMap {
            $0.isEmpty ? nil : $0
        }
        guard let url = flag ?? variable else { return nil }
        guard PostgresEngine.accepts(url) else {
            throw ValidationError(
                "--database needs a postgres:// or postgresql:// URL, not '\(PostgresURL.redacted(url))'")
        }
        return url
    }
}
