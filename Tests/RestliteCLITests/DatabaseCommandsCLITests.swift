import DocumentJSON
import DocumentStore
import Foundation
import PostgresStore
import RestLiteTesting
import Testing

@testable import restlite

/// `restlite import|export|index|reset|photos --database postgres://...`: the data commands on a
/// PostgreSQL database, as on a data folder.
@Suite(.offPool) struct DatabaseCommandsCLITests {
    /// restlite's tables in the database at `url`.
    private static func tables(_ url: String) throws -> [String] {
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let rows = try connection.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")
        return (0..<rows.count).compactMap { rows.text($0, 0) }
    }

    @Test func importExportIndexResetAndPhotosWorkOnADatabase() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-dbcli-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()

        // Nothing there yet: reading commands say so and leave the database as it was.
        let early = try binary.run(["export", "--collection", "dogs", "--database", url], in: root)
        #expect(early.status != 0)
        #expect(early.stderr.contains("holds no restlite database yet"), "\(early.stderr)")
        #expect(try Self.tables(url).isEmpty)
        // A failed first import leaves it empty too.
        try Data("[{\"name\": ".utf8).write(to: root.appendingPathComponent("broken.json"))
        let broken = try binary.run(
            ["import", "broken.json", "--collection", "dogs", "--database", url], in: root)
        #expect(broken.status != 0)
        #expect(try Self.tables(url).isEmpty)

        let rows = (0..<5).map { #"{"name":"Rex \#($0)","age":\#($0)}"# }.joined(separator: ",")
        try Data("[\(rows)]".utf8).write(to: root.appendingPathComponent("dogs.json"))
        let imported = try binary.run(
            ["import", "dogs.json", "--collection", "dogs", "--database", url], in: root)
        #expect(imported.status == 0, "\(imported.stderr)")
        let engine = try PostgresEngine(url: url)
        #expect(try engine.count(in: "dogs") == 5)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("data").path))

        let added = try binary.run(
            ["index", "add", "--collection", "dogs", "--field", "age", "--database", url], in: root)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try binary.run(["index", "list", "--database", url], in: root)
        #expect(String(decoding: listed.stdout, as: UTF8.self).contains("dogs.age"), "\(listed.stderr)")
        #expect(try engine.indexes(of: "dogs").map(\.field) == ["age"])
        let removed = try binary.run(
            ["index", "remove", "--collection", "dogs", "--field", "age", "--database", url], in: root)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try engine.indexes(of: "dogs").isEmpty)

        let exported = try binary.run(["export", "--collection", "dogs", "--database", url], in: root)
        #expect(exported.status == 0, "\(exported.stderr)")
        let documents = try JSON.parse(Array(exported.stdout)).arrayValue ?? []
        #expect(documents.compactMap { $0["name"]?.stringValue } == (0..<5).map { "Rex \($0)" })

        let reset = try binary.run(["reset", "--yes", "--database", url], in: root)
        #expect(reset.status == 0, "\(reset.stderr)")
        let seeded = try PostgresEngine(url: url)
        #expect(try seeded.count(in: "a3cats") == 100)

        // The seed's photo URLs pointed at the stand-ins and back, in the database.
        let local = try binary.run(
            ["photos", "local", "--public-url", "http://192.168.1.5:8080", "--database", url], in: root)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(
            String(decoding: local.stdout, as: UTF8.self).contains("Pointed 100 photo URLs in 100 documents"))
        try seeded.forEachDocument(in: "a3cats") { document in
            let photo = document.object()["photoUrl"]?.stringValue ?? ""
            #expect(photo.hasPrefix("http://192.168.1.5:8080/dummyimage/"), "\(photo)")
        }
        let remote = try binary.run(["photos", "remote", "--database", url], in: root)
        #expect(remote.status == 0, "\(remote.stderr)")
        try seeded.forEachDocument(in: "a3cats") { document in
            let photo = document.object()["photoUrl"]?.stringValue ?? ""
            #expect(photo.hasPrefix("http://dummyimage.com/"), "\(photo)")
        }
    }

    @Test func theVariableNamesTheDatabaseAndOnlyPostgresURLsAreTaken() throws {
        #expect(try DatabaseFlag.resolve("postgres://me@db/restlite") == "postgres://me@db/restlite")
        #expect(throws: (any Error).self) { try DatabaseFlag.resolve("./data/restlite.sqlite") }
        // Without the flag, RESTLITE_DATABASE_URL (when set) decides; the tests run without it.
        let variable = ProcessInfo.processInfo.environment["RESTLITE_DATABASE_URL"]
        #expect(try DatabaseFlag.resolve(nil) == variable.flatMap { $0.isEmpty ? nil : $0 })
    }
}
