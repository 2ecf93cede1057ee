import DocumentJSON
import DocumentStore
import RestLiteTesting
import Testing

@testable import PostgresStore

/// `PostgresEngine.removeEverything` (what a failed first start, import or migration undoes)
/// drops what restlite made here, each by its name, and nothing of the user's beside it.
@Suite(.offPool) struct RemovalTests {
    /// The names of the tables and of the functions in the database's schema.
    private static func contents(_ connection: PostgresConnection) throws -> (
        tables: Set<String>, functions: Set<String>
    ) {
        let tables = try connection.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        let functions = try connection.execute(
            """
            SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = current_schema()
            """)
        return (
            Set((0..<tables.count).compactMap { tables.text($0, 0) }),
            Set((0..<functions.count).compactMap { functions.text($0, 0) })
        )
    }

    @Test func restlitesTablesAndFunctionsGoAndTheUsersStayEvenWithARestlitePrefix() throws {
        let url = try TemporaryPostgres.databaseURL()
        let user = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        try user.execute("CREATE TABLE notes(id int)")
        try user.execute("CREATE TABLE restlite_mine(id int)")
        try user.execute("CREATE FUNCTION restlite_helper() RETURNS int LANGUAGE sql AS 'SELECT 1'")

        let engine = try PostgresEngine(url: url)
        #expect(engine.createdTables)
        _ = try engine.insert(["name": .string("Tom")], into: "cats")
        let documents = try engine.collection("cats").table.replacing("\"", with: "")
        let opened = try Self.contents(user)
        // The lists removeEverything drops by are every table and function the engine made.
        #expect(opened.tables == Set(PostgresFunctions.tables + [documents, "notes", "restlite_mine"]))
        #expect(opened.functions == Set(PostgresFunctions.functions + ["restlite_helper"]))

        try engine.removeEverything()
        let left = try Self.contents(user)
        #expect(left.tables == ["notes", "restlite_mine"])
        #expect(left.functions == ["restlite_helper"])
        let sortType = try user.execute("SELECT to_regtype('restlite_sort') IS NULL")
        #expect(sortType.text(0, 0) == "t")
        #expect(try PostgresEngine(url: url).createdTables, "the next open is a first start again")
    }
}
