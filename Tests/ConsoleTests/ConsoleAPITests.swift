import DocumentJSON
import DocumentStore
import Foundation
import RestDBAPI
import SocketHTTP
import Testing

/// The restlite routes the console uses, with a plain key as any script would.
@Suite struct ConsoleAPITests {
    @Test func keysAreListedAddedAndRemovedAndWorkAtOnce() async throws {
        let server = try await ConsoleServer()
        let full = [("x-apikey", server.fullKey)]
        let list = try server.request(.get, "/_restlite/keys", headers: full).json().arrayValue ?? []
        #expect(list.count == 1)
        #expect(list.first?["kind"] == .string("full"))
        #expect(list.first?["key"] == .string(server.fullKey))

        let body = #"{"methods":["GET","POST"],"path":"/a3cats/**","origins":["http://localhost:3000"]}"#
        let added = server.request(.post, "/_restlite/keys", headers: full, body: body)
        #expect(added.status == .created)
        let json = try added.json()
        let scoped = try #require(json["key"]?.stringValue)
        #expect(json["kind"] == .string("scoped"))
        #expect(json["methods"] == .array([.string("GET"), .string("POST")]))
        #expect(json["path"] == .string("/a3cats/**"))
        #expect(json["created"]?.stringValue != nil)

        let fromApp = [("x-apikey", scoped), ("Origin", "http://localhost:3000")]
        #expect(server.request(.get, "/rest/a3cats?max=1", headers: fromApp).status == .ok)
        #expect(server.request(.get, "/_restlite/keys", headers: fromApp).status == .forbidden)
        #expect(server.request(.get, "/_restlite/keys").status == .unauthorized)

        let newFull = try server.request(.post, "/_restlite/keys", headers: full, body: #"{"full":true}"#)
            .json()
        #expect(newFull["kind"] == .string("full"))
        #expect(server.request(.post, "/_restlite/keys", headers: full, body: "{}").status == .badRequest)
        #expect(
            server.request(.post, "/_restlite/keys", headers: full, body: #"{"methods":["HEAD"]}"#).status
                == .badRequest)
        let controlPath = server.request(
            .post, "/_restlite/keys", headers: full, body: #"{"methods":["GET"],"path":"/a3cats\u0000x"}"#)
        #expect(controlPath.status == .badRequest)
        #expect(try controlPath.json()["message"]?.stringValue?.contains("control character") == true)

        let removed = server.request(.delete, "/_restlite/keys/\(scoped)", headers: full)
        #expect(removed.status == .ok)
        #expect(try removed.json() == .object(["result": .array([.string(scoped)])]))
        #expect(server.request(.get, "/rest/a3cats?max=1", headers: fromApp).status == .forbidden)
        #expect(server.request(.delete, "/_restlite/keys/\(scoped)", headers: full).status == .notFound)
    }

    @Test func dropRemovesTheCollectionWithItsSchemaAndOnlyForAFullAccessKey() async throws {
        let server = try await ConsoleServer()
        let full = [("x-apikey", server.fullKey)]
        let scopedBody = #"{"methods":["GET","DELETE"],"path":"/**"}"#
        let scoped = try #require(
            try server.request(.post, "/_restlite/keys", headers: full, body: scopedBody).json()["key"]?
                .stringValue)
        #expect(server.request(.delete, "/_restlite/collections/a3cats").status == .unauthorized)
        #expect(
            server.request(.delete, "/_restlite/collections/a3cats", headers: [("x-apikey", scoped)]).status
                == .forbidden)
        #expect(server.request(.get, "/rest/a3cats?max=1", headers: full).status == .ok)

        let dropped = server.request(.delete, "/_restlite/collections/a3cats", headers: full)
        #expect(dropped.status == .ok)
        #expect(
            try dropped.json()
                == .object(["dropped": .string("a3cats"), "documents": .number(JSONNumber(100))]))
        #expect(server.request(.get, "/rest/a3cats", headers: full).status == .notFound)
        #expect(server.request(.get, "/rest/a3cats/_meta", headers: full).status == .notFound)
        let meta = try server.request(.get, "/rest/_meta", headers: full).json()
        #expect(meta == .object(["collections": .array([])]))
        #expect(server.request(.delete, "/_restlite/collections/a3cats", headers: full).status == .notFound)
        #expect(
            server.request(.delete, "/_restlite/collections/a3cats%2Fx", headers: full).status == .badRequest)

        // A new collection of that name starts empty, with no schema left from the old one.
        #expect(
            server.request(.post, "/rest/a3cats", headers: full, body: #"{"rating":"any text"}"#).status
                == .created)
        #expect(try server.request(.get, "/rest/a3cats/_meta", headers: full).json()["fields"] == .array([]))
    }

    @Test func theLastFullAccessKeyIsNotRemoved() async throws {
        let server = try await ConsoleServer()
        let answer = server.request(
            .delete, "/_restlite/keys/\(server.fullKey)", headers: [("x-apikey", server.fullKey)])
        #expect(answer.status == .conflict)
        #expect(
            server.request(.get, "/_restlite/keys", headers: [("x-apikey", server.fullKey)]).status == .ok)
    }

    @Test func importPreviewShowsRowsCountAndSchemaOrTheLineAtFault() async throws {
        let server = try await ConsoleServer()
        let full = [("x-apikey", server.fullKey)]
        let csv = "name,age\n" + (1...12).map { "cat\($0),\($0)" }.joined(separator: "\n") + "\n"
        let preview = server.request(.post, "/_restlite/import/preview?format=csv", headers: full, body: csv)
        #expect(preview.status == .ok)
        let json = try preview.json()
        #expect(json["format"] == .string("csv"))
        #expect(json["count"] == .number(JSONNumber(12)))
        #expect(json["rows"]?.arrayValue?.count == 10)
        #expect(json["rows"]?.arrayValue?.first?["age"] == .number(JSONNumber(1)))
        let fields = json["schema"]?["fields"]?.arrayValue ?? []
        #expect(fields.compactMap { $0["name"]?.stringValue } == ["name", "age"])
        #expect(fields.last?["type"] == .string("number"))
        #expect(
            server.request(.get, "/rest/_meta", headers: full).bodyString.contains("\"name\":\"cat") == false)

        let broken = server.request(
            .post, "/_restlite/import/preview?format=jsonl", headers: full, body: "{\"a\":1}\n{\"a\":\n")
        #expect(broken.status == .badRequest)
        #expect(try broken.json()["line"] == .number(JSONNumber(2)))
        #expect(try broken.json()["message"]?.stringValue?.contains("line 2") == true)
        #expect(
            server.request(.post, "/_restlite/import/preview?format=xml", headers: full, body: "x").status
                == .badRequest)
    }

    @Test func importStoresAllOrNothingAndExportGivesTheFileBack() async throws {
        let server = try await ConsoleServer()
        let full = [("x-apikey", server.fullKey)]
        let good = "{\"name\":\"Tom\",\"age\":3}\n{\"name\":\"Ann\",\"age\":4}\n"
        let imported = server.request(
            .post, "/_restlite/import?collection=people&format=jsonl", headers: full, body: good)
        #expect(imported.status == .created)
        let json = try imported.json()
        #expect(json["collection"] == .string("people"))
        #expect(json["imported"] == .number(JSONNumber(2)))
        #expect(json["schema"]?["fields"]?.arrayValue?.count == 2)

        let bad = "{\"name\":\"Bo\",\"age\":5}\n{\"name\":\"Cy\",\"age\":\"old\"}\n"
        let refused = server.request(
            .post, "/_restlite/import?collection=people&format=jsonl&replace=true", headers: full, body: bad)
        #expect(refused.status == .badRequest)
        #expect(try refused.json()["line"] == .number(JSONNumber(2)))
        #expect(try refused.json()["message"]?.stringValue?.contains("Nothing was changed.") == true)
        #expect(try server.request(.get, "/rest/people", headers: full).json().arrayValue?.count == 2)

        let csv = server.request(.get, "/_restlite/export/people?format=csv", headers: full)
        #expect(csv.status == .ok)
        #expect(csv.headers["Content-Disposition"] == "attachment; filename=\"people.csv\"")
        #expect(csv.bodyString.hasPrefix("_id,name,age\r\n") && csv.bodyString.contains(",Tom,3"))
        let exported = server.request(.get, "/_restlite/export/people", headers: full)
        #expect(exported.headers["Content-Disposition"] == "attachment; filename=\"people.json\"")
        #expect(try exported.json().arrayValue?.compactMap { $0["name"]?.stringValue } == ["Tom", "Ann"])
        #expect(server.request(.get, "/_restlite/export/nobody", headers: full).status == .notFound)
        #expect(
            server.request(.post, "/_restlite/import?format=jsonl", headers: full, body: good).status
                == .badRequest)
    }

    @Test func ifMatchRefusesAnEditOfAChangedDocument() async throws {
        let server = try await ConsoleServer()
        let full = [("x-apikey", server.fullKey)]
        let cat = try server.request(.get, "/rest/a3cats?max=1&metafields=true", headers: full).json()
            .arrayValue?.first
        let id = try #require(cat?["_id"]?.stringValue)
        let version = try #require(cat?["_version"]?.numberValue?.int64Value)

        let first = server.request(
            .put, "/rest/a3cats/\(id)", headers: full + [("If-Match", "\"\(version)\"")],
            body: #"{"rating":1}"#)
        #expect(first.status == .ok)
        let stale = server.request(
            .patch, "/rest/a3cats/\(id)", headers: full + [("If-Match", "\"\(version)\"")],
            body: #"{"rating":2}"#)
        #expect(stale.status == .conflict)
        #expect(try stale.json()["name"] == .string("Conflict"))
        #expect(try stale.json()["message"]?.stringValue?.contains("Another client changed") == true)
        #expect(
            try server.request(.get, "/rest/a3cats/\(id)", headers: full).json()["rating"]
                == .number(JSONNumber(1)))
        #expect(
            server.request(.put, "/rest/a3cats/\(id)", headers: full, body: #"{"rating":3}"#).status == .ok)
        #expect(
            server.request(.put, "/rest/a3cats/\(id)", headers: full + [("If-Match", "junk")], body: "{}")
                .status
                == .badRequest)
    }
}
