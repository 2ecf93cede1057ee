import DocumentQuery
import DocumentStore
import PlatformSupport

extension PostgresEngine {
    /// Drops everything restlite made in this database, in one transaction: the documents
    /// tables of its catalog, its own tables (catalog, events, media, ...), its functions and its
    /// sort type, each by the name restlite gives it (`PostgresFunctions.tables`, `.functions`):
    /// nothing else in the schema, even a table whose name starts with `restlite_`. What a failed
    /// first start undoes (the seed did not finish), so the next start finds an empty database
    /// and is a first start again, as a new data folder is. The engine is not used afterwards.
    public func removeEverything() throws {
        try write { connection in
            try connection.execute("SET LOCAL statement_timeout = 0")
            try connection.execute("SELECT pg_advisory_xact_lock(\(PostgresFunctions.setupLock))")
            let catalog = try connection.execute("SELECT to_regclass('restlite_collections') IS NOT NULL")
            if catalog.text(0, 0) == "t" {
                let ids = try connection.execute("SELECT id FROM restlite_collections")
                for row in 0..<ids.count {
                    try connection.execute(
                        "DROP TABLE IF EXISTS \(StorageLayout.documentTable(ids.int64(row, 0))) CASCADE")
                }
            }
            for table in PostgresFunctions.tables {
                try connection.execute("DROP TABLE IF EXISTS \(table) CASCADE")
            }
            let functions = try connection.execute(
                """
                SELECT p.oid::regprocedure::text FROM pg_proc p
                JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname = current_schema()
                    AND p.proname IN (\(PostgresFunctions.functions.map { "'\($0)'" }.joined(separator: ", ")))
                """)
            for row in 0..<functions.count {
                try connection.execute("DROP FUNCTION IF EXISTS \(functions.text(row, 0) ?? "") CASCADE")
            }
            try connection.execute("DROP TYPE IF EXISTS restlite_sort CASCADE")
        }
    }

    /// `removeEverything` for a command that made restlite's tables here and then failed, so the
    /// database is empty again: when the drop fails too, one line on standard error says so and
    /// what it means (`after`: what failed, "the failed first start"), instead of nothing.
    public func removeTablesMade(after what: String) {
        do {
            try removeEverything()
        } catch {
            StandardErrorLine.emit(
                "restlite: \(what) could not drop restlite's tables again (\(error));"
                    + " the next start will not seed: drop them, or serve an empty database")
        }
    }
}

extension PostgresEngine {
    /// True when restlite's tables are here but no start has used them yet: no collection, and
    /// no keys row in `restlite_settings` (which a first start writes when it takes the keys;
    /// a migration writes one too). `restlite keys add --database` on an empty database leaves
    /// such a database; `restlite serve` then seeds it, as it seeds a database without tables.
    public func awaitsFirstStart() throws -> Bool {
        try run { connection in
            try connection.execute(
                """
                SELECT NOT EXISTS (SELECT 1 FROM restlite_settings WHERE name = 'keys')
                    AND NOT EXISTS (SELECT 1 FROM restlite_collections)
                """
            ).text(0, 0) == "t"
        }
    }

    /// Undoes the mark of a first start that failed on a database whose tables it did not make
    /// (`awaitsFirstStart`), so the next start is again a first start; the keys stay.
    public func forgetFirstStart() throws {
        _ = try run { connection in
            try connection.execute(
                "DELETE FROM restlite_settings WHERE name = 'keys' AND value = ?",
                [.text(PostgresKeyTable.firstStartMark)])
        }
    }
}
