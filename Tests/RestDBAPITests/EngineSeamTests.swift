import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import RestLiteTesting
import SocketHTTP
import Testing

/// `RestAPI` reaches documents only through `DocumentEngine`: over an engine that is not a
/// `DocumentStore` (one that records each call, then hands it to a store) it answers as usual.
@Suite struct EngineSeamTests {
    /// An engine of another type: every call is recorded by name, then forwarded.
    final class RecordingEngine: DocumentEngine, @unchecked Sendable {
        private let store: any DocumentEngine
        private let lock = NSLock()
        private var names: [String] = []

        init(_ store: any DocumentEngine) { self.store = store }

        var calls: [String] {
            lock.lock()
            defer { lock.unlock() }
            return names
        }

        private func record(_ name: String) {
            lock.lock()
            defer { lock.unlock() }
            names.append(name)
        }

        func collectionNames() -> [String] {
            record("collectionNames")
            return store.collectionNames()
        }
        func listCollections() throws -> [CollectionSummary] {
            record("listCollections")
            return try store.listCollections()
        }
        func createCollection(_ name: String, schema: CollectionSchema?) throws -> CollectionInfo {
            record("createCollection")
            return try store.createCollection(name, schema: schema)
        }
        func dropCollection(_ name: String) throws -> [String] {
            record("dropCollection")
            return try store.dropCollection(name)
        }
        func createIndex(collection name: String, path: String) throws -> String {
            record("createIndex")
            return try store.createIndex(collection: name, path: path)
        }
        func schema(of name: String) throws -> CollectionSchema? {
            record("schema")
            return try store.schema(of: name)
        }
        func setSchema(_ schema: CollectionSchema?, for name: String) throws {
            record("setSchema")
            try store.setSchema(schema, for: name)
        }
        func setSchemaWhileEmpty(_ schema: CollectionSchema?, for name: String, create: Bool) throws
            -> DocumentStore.SchemaChange
        {
            record("setSchemaWhileEmpty")
            return try store.setSchemaWhileEmpty(schema, for: name, create: create)
        }
        func document(_ id: String, in name: String) throws -> Document {
            record("document")
            return try store.document(id, in: name)
        }
        func find(_ request: FindRequest) throws -> FindResult {
            record("find")
            return try store.find(request)
        }
        func appendPageJSON(_ request: FindRequest, into bytes: inout [UInt8]) throws -> PageCounts? {
            record("appendPageJSON")
            return try store.appendPageJSON(request, into: &bytes)
        }
        func count(in name: String, matching query: JSONValue?) throws -> Int {
            record("count")
            return try store.count(in: name, matching: query)
        }
        func forEachDocument(in name: String, _ body: (Document) throws -> Void) throws {
            record("forEachDocument")
            try store.forEachDocument(in: name, body)
        }
        func insert(_ object: JSONObject, into name: String, options: WriteOptions) throws -> Document {
            record("insert")
            return try store.insert(object, into: name, options: options)
        }
        func insertMany(_ objects: [JSONObject], into name: String, options: WriteOptions) throws
            -> [Document]
        {
            record("insertMany")
            return try store.insertMany(objects, into: name, options: options)
        }
        func insertChildren(
            _ objects: [JSONObject], of parent: ParentLink, into childCollection: String,
            options: WriteOptions
        ) throws -> [Document] {
            record("insertChildren")
            return try store.insertChildren(objects, of: parent, into: childCollection, options: options)
        }
        func update(_ id: String, in name: String, with update: JSONObject, actor: String) throws -> Document
        {
            record("update")
            return try store.update(id, in: name, with: update, actor: actor)
        }
        func updateMany(in name: String, matching query: JSONValue?, with update: JSONObject, actor: String)
            throws -> [String]
        {
            record("updateMany")
            return try store.updateMany(in: name, matching: query, with: update, actor: actor)
        }
        func delete(_ id: String, from name: String) throws -> String {
            record("delete")
            return try store.delete(id, from: name)
        }
        func delete(ids: [String], from name: String) throws -> [String] {
            record("deleteIDs")
            return try store.delete(ids: ids, from: name)
        }
        func delete(matching query: JSONValue?, from name: String) throws -> [String] {
            record("deleteMatching")
            return try store.delete(matching: query, from: name)
        }
        func importRecords(
            into name: String, newSchema: CollectionSchema?, replace: Bool, recreate: Bool, keepIDs: Bool,
            file: String, nextBatch: () throws -> [ImportRecord]?
        ) throws {
            record("importRecords")
            try store.importRecords(
                into: name, newSchema: newSchema, replace: replace, recreate: recreate, keepIDs: keepIDs,
                file: file, nextBatch: nextBatch)
        }
    }

    @Test func theRoutesReadAndWriteThroughTheEngineProtocol() throws {
        let test = try TestAPI()
        defer { test.remove() }
        let engine = RecordingEngine(test.store)
        let api = RestAPI(store: engine, keys: test.keys, options: .init(logErrors: false))
        let responder = api.makeResponder()
        func send(_ method: HTTPMethod, _ target: String, _ body: String = "") -> HTTPResponse {
            var headers = HTTPHeaders()
            headers.set("x-apikey", TestAPI.fullKey)
            return responder.respond(
                to: HTTPRequest(
                    method: method, target: target, headers: headers, body: Array(body.utf8),
                    requestID: "seam"))
        }

        let created = send(.post, "/rest/cats", #"{"name":"Tom","age":3}"#)
        #expect(created.status == .created)
        let id = try #require(try created.json()["_id"]?.stringValue)
        #expect(send(.put, "/rest/cats/\(id)", #"{"age":4}"#).status == .ok)
        let list = send(.get, "/rest/cats?q=%7B%22age%22%3A4%7D")
        #expect(list.status == .ok)
        #expect(try list.json().arrayValue?.first?["name"] == "Tom")
        #expect(try send(.get, "/rest/cats/\(id)").json()["age"] == 4)
        #expect(send(.get, "/rest/_meta").status == .ok)
        #expect(send(.delete, "/rest/cats/\(id)").status == .ok)
        #expect(try test.store.count(in: "cats") == 0)

        let calls = Set(engine.calls)
        for name in ["insert", "update", "appendPageJSON", "document", "listCollections", "delete"] {
            #expect(calls.contains(name), "\(name) not in \(engine.calls)")
        }
    }
}
