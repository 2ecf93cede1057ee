import DocumentJSON
import DocumentQuery
import DocumentStore
import Foundation
import MediaArchive
import PostgresStore
import RestLiteTesting
import Testing

/// `restlite migrate`: a data folder to PostgreSQL and back, all or nothing, verified.
@Suite(.offPool) struct MigrateCLITests {
    /// A folder with owners (a unique field, a child collection of visits, a declared index),
    /// one updated document (version 1) and a child.
    private static func makeFolder(_ root: URL) throws -> [String: [Document]] {
        let folder = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try DocumentStore(path: folder.appendingPathComponent("restlite.sqlite").path)
        try store.setSchema(
            CollectionSchema(fields: [
                FieldSchema(name: "email", type: .text, unique: true),
                FieldSchema(name: "visits", type: .child, collection: "visits"),
            ]), for: "owners")
        var owners: [Document] = []
        for index in 0..<30 {
            var object = JSONObject()
            object["email"] = .string("o\(index)@example.org")
            object["age"] = .number(JSONNumber(index))
            owners.append(try store.insert(object, into: "owners"))
        }
        _ = try store.update(owners[3].id, in: "owners", with: ["age": .number(JSONNumber(99))])
        _ = try store.insertChildren(
            [["vet": .string("A")]], of: ParentLink(collection: "owners", id: owners[0].id, field: "visits"),
            into: "visits", options: WriteOptions())
        try store.createIndex(collection: "owners", path: "age")
        var all: [String: [Document]] = [:]
        for name in store.collectionNames() {
            var documents: [Document] = []
            try store.forEachDocument(in: name) { documents.append($0) }
            all[name] = documents
        }
        return all
    }

    private static func documents(_ engine: any DocumentEngine) throws -> [String: [Document]] {
        var all: [String: [Document]] = [:]
        for name in engine.collectionNames() {
            var documents: [Document] = []
            try engine.forEachDocument(in: name) { documents.append($0) }
            all[name] = documents
        }
        return all
    }

    @Test func aFolderMovesToPostgresAndBackWithIdsSystemFieldsSchemasAndIndexes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-migrate-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let original = try Self.makeFolder(root)
        #expect(original["owners"]?.count == 30 && original["visits"]?.count == 1)
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()

        let there = try binary.run(["migrate", "--from", "data", "--to", url], in: root)
        let output = String(decoding: there.stdout, as: UTF8.self)
        #expect(there.status == 0, "\(there.stderr)")
        #expect(output.contains("read 2 collections, 31 documents"), "\(output)")
        // The declared index on age, the unique email's and the child link's.
        #expect(output.contains("declared 3 indexes again"), "\(output)")
        #expect(output.contains("verified: 2 collections and 31 documents match"), "\(output)")
        #expect(output.contains("restlite serve --data-dir"), "\(output)")

        let postgres = try PostgresEngine(url: url)
        #expect(try Self.documents(postgres) == original)
        #expect(try postgres.document(original["owners"]![3].id, in: "owners").version == 1)
        #expect(try postgres.schema(of: "owners")?.fields.first?.unique == true)
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let owners = try #require(postgres.collectionNames().contains("owners") ? "owners" : nil)
        let indexes = try connection.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = (SELECT 'docs_' || id FROM restlite_collections "
                + "WHERE name = ?)", [.text(owners)])
        #expect((0..<indexes.count).contains { indexes.text($0, 0)?.contains("'age'") == true })
        // The unique field holds on the new engine.
        #expect(throws: (any Error).self) {
            try postgres.insert(["email": .string("o1@example.org")], into: "owners")
        }

        // Into a database that holds collections: refused, nothing changed.
        let again = try binary.run(["migrate", "--from", "data", "--to", url], in: root)
        #expect(again.status != 0)
        #expect(again.stderr.contains("already holds 2 collections"), "\(again.stderr)")
        #expect(again.stderr.contains("--replace"), "\(again.stderr)")
        #expect(try Self.documents(postgres) == original)

        // And back into a new folder.
        let back = try binary.run(["migrate", "--from", url, "--to", "copy"], in: root)
        #expect(back.status == 0, "\(back.stderr)")
        let copy = try DocumentStore(path: root.appendingPathComponent("copy/restlite.sqlite").path)
        #expect(try Self.documents(copy) == original)
        #expect(try copy.schema(of: "owners")?.fields.map(\.name) == ["email", "visits"])
    }

    @Test func theMediaFilesMoveToPostgresAndBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-migrate-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try Self.makeFolder(root)
        let media = try MediaStore(directory: root.appendingPathComponent("data/media").path)
        // Past one stored piece (1 MiB) in the database.
        let big = (0..<1_300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let records = try media.add([
            .init(fieldName: "file", filename: "big.bin", declaredType: nil, bytes: big[...]),
            .init(
                fieldName: "photo", filename: "note.txt", declaredType: "text/plain",
                bytes: Array("hi".utf8)[...]),
        ])
        let url = try TemporaryPostgres.databaseURL()
        let binary = try RestliteBinary()

        let there = try binary.run(["migrate", "--from", "data", "--to", url], in: root)
        let output = String(decoding: there.stdout, as: UTF8.self)
        #expect(there.status == 0, "\(there.stderr)")
        #expect(output.contains("copied 2 media files"), "\(output)")
        let inDatabase = try MediaStore(storage: try PostgresEngine(url: url).mediaStorage())
        #expect(try inDatabase.all() == records)
        #expect(try inDatabase.contents(of: records[0]) == big)
        #expect(try inDatabase.contents(of: records[1]) == Array("hi".utf8))

        let back = try binary.run(["migrate", "--from", url, "--to", "copy"], in: root)
        #expect(back.status == 0, "\(back.stderr)")
        let copied = try MediaStore(directory: root.appendingPathComponent("copy/media").path)
        #expect(try copied.all() == records)
        #expect(try copied.contents(of: records[0]) == big)
        #expect(try copied.record("note.txt")?.mimeType == "text/plain")
    }

    /// A document PostgreSQL cannot hold (U+0000) stops the copy, and the empty database it was
    /// going to is left without restlite's tables, so a later `serve --database` seeds it.
    @Test func aFailedCopyIntoAnEmptyDatabaseLeavesItEmpty() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-migrate-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try DocumentStore(path: folder.appendingPathComponent("restlite.sqlite").path)
        _ = try store.insertMany([["name": .string("ok")], ["name": .string("a\u{0}b")]], into: "weird")
        let url = try TemporaryPostgres.databaseURL()
        let failed = try RestliteBinary().run(["migrate", "--from", "data", "--to", url], in: root)
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("U+0000"), "\(failed.stderr)")
        let connection = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let tables = try connection.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()")
        #expect(tables.int64(0, 0) == 0)
    }

    @Test func aMissingSourceOrAnUnreachableDatabaseChangesNothing() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("restlite-migrate-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try RestliteBinary()
        let empty = try binary.run(["migrate", "--from", "nothing", "--to", "copy"], in: root)
        #expect(empty.status != 0)
        #expect(empty.stderr.contains("holds no restlite database"), "\(empty.stderr)")
        _ = try Self.makeFolder(root)
        let unreachable = try binary.run(
            ["migrate", "--from", "data", "--to", "postgresql://u:pw@/db?host=/nonexistent-restlite"],
            in: root)
        #expect(unreachable.status != 0)
        #expect(unreachable.stderr.contains("cannot open the target"), "\(unreachable.stderr)")
        #expect(!unreachable.stderr.contains("pw@"), "\(unreachable.stderr)")
        let same = try binary.run(["migrate", "--from", "data", "--to", "data"], in: root)
        #expect(same.status != 0)
    }
}
