import RestLiteTesting
import Testing

@testable import DocumentQuery
@testable import DocumentStore

@Suite struct SQLiteLayerTests {
    @Test func bindsAndReadsEveryStorageClass() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let connection = try SQLiteConnection(path: db.path)
        try connection.execute("CREATE TABLE t(a, b, c, d, e)")
        let values: [SQLValue] = [.null, .integer(-7), .real(2.5), .text("héllo"), .blob([0, 1, 255])]
        try connection.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
        var read: [SQLValue] = []
        try connection.forEachRow("SELECT a, b, c, d, e FROM t") { row in
            read = (0..<5).map { row.value($0) }
        }
        #expect(read == values)
    }

    @Test func opensInWALWithForeignKeys() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let connection = try SQLiteConnection(path: db.path)
        #expect(try connection.scalar("PRAGMA journal_mode") == .text("wal"))
        #expect(try connection.scalar("PRAGMA foreign_keys") == .integer(1))
        #expect(try connection.scalar("PRAGMA synchronous") == .integer(1))
        let full = try SQLiteConnection(path: db.path, configuration: .init(synchronous: .full))
        #expect(try full.scalar("PRAGMA synchronous") == .integer(2))
    }

    @Test func errorsCarryCodeAndSQLButNotValues() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let connection = try SQLiteConnection(path: db.path)
        try connection.execute("CREATE TABLE t(a TEXT UNIQUE)")
        try connection.run("INSERT INTO t VALUES (?)", ["secret-value"])
        do {
            try connection.run("INSERT INTO t VALUES (?)", ["secret-value"])
            Issue.record("a duplicate must fail")
        } catch {
            #expect(error.code == 2067)  // SQLITE_CONSTRAINT_UNIQUE
            #expect(error.sql == "INSERT INTO t VALUES (?)")
            #expect(!error.description.contains("secret-value"))
        }
        // The failed statement was dropped from the cache; the same SQL works again afterwards.
        try connection.run("INSERT INTO t VALUES (?)", ["other"])
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(2))
    }

    @Test func transactionRollsBackOnError() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let connection = try SQLiteConnection(path: db.path)
        try connection.execute("CREATE TABLE t(a)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.run("INSERT INTO t VALUES (1)")
                throw Stop()
            }
        }
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(0))
        #expect(connection.isAutocommit)
    }

    @Test func migrationsRunOnceAndSetUserVersion() throws {
        let db = TemporaryDatabase()
        defer { db.remove() }
        let connection = try SQLiteConnection(path: db.path)
        let migrator = Migrator(migrations: [
            { try $0.execute("CREATE TABLE one(a)") },
            { try $0.execute("CREATE TABLE two(a)") },
        ])
        try migrator.migrate(connection)
        // A second run must not re-create the tables (which would fail).
        try migrator.migrate(connection)
        #expect(try migrator.currentVersion(connection) == 2)
    }

    @Test func fragmentsJoinWithTheirBindings() {
        let parts = [SQLFragment("a = ?", [1]), SQLFragment("b = ?", ["x"])]
        let joined = SQLFragment.joined(parts, separator: " AND ")
        #expect(joined.sql == "a = ? AND b = ?")
        #expect(joined.bindings == [.integer(1), .text("x")])
    }
}
