import DocumentQuery
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

@Suite("PostgreSQL connection", .offPool)
struct ConnectionTests {
    @Test("connects to a throwaway cluster and runs SELECT 1 with a bound parameter")
    func selectOne() throws {
        let connection = try PostgresFixture.connection()
        let rows = try connection.execute(
            "SELECT 1, ?::text || 'b', ?::bigint + 1", [.text("a"), .integer(41)])
        #expect(rows.count == 1)
        #expect(rows.text(0, 0) == "1")
        #expect(rows.text(0, 1) == "ab")
        #expect(rows.int64(0, 2) == 42)
    }

    @Test("a statement PostgreSQL refuses throws its SQLSTATE")
    func refusedStatement() throws {
        let connection = try PostgresFixture.connection()
        #expect {
            try connection.execute("SELECT * FROM no_such_table")
        } throws: { error in
            (error as? PostgresError)?.sqlState == "42P01"
        }
    }

    @Test("a library path that does not load gives the error naming the package to install")
    func missingLibrary() {
        #expect {
            _ = try LibPQ.load(candidates: ["/nonexistent/libpq.so.5"])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("libpq") && text.contains("install libpq")
                && text.contains("/nonexistent/libpq.so.5") && text.contains("RESTLITE_LIBPQ")
        }
    }

    @Test("an unreachable server is a connection failure")
    func unreachable() throws {
        let libpq = try LibPQ.shared()
        #expect {
            _ = try PostgresConnection(
                conninfo: "postgresql:///none?host=/nonexistent-socket-folder&connect_timeout=2", libpq: libpq
            )
        } throws: { error in
            (error as? PostgresError)?.isConnectionFailure == true
        }
    }

    @Test("? placeholders are numbered outside quoted literals and names")
    func numbering() {
        #expect(
            PostgresConnection.numberedPlaceholders(#"SELECT ?, '?', "a?b", ? WHERE x = 'it''s ?' AND y = ?"#)
                == #"SELECT $1, '?', "a?b", $2 WHERE x = 'it''s ?' AND y = $3"#)
    }
}
