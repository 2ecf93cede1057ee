import DataTransfer
import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

/// docs/postman's collection, run the way Postman's Collection Runner runs it against a fresh
/// server seeded with the course's 100 cats: every answer must match the saved example's
/// status and body shape, so the collection and the server cannot drift apart.
///
/// To refresh the saved examples from real answers, run this suite with
/// `RESTLITE_POSTMAN_CAPTURE=/tmp/answers.json`: it writes every answer there.
@Suite(.offPool) struct PostmanCollectionTests {
    @Test func collectionIsAV21CollectionWhereEveryRequestHasATestAndAnExample() throws {
        let collection = try PostmanCollection()
        #expect(collection.root["info"]?["schema"]?.stringValue == PostmanCollection.schemaURL)
        #expect(collection.items.count >= 20)
        let folders = collection.items.map(\.folder).reduce(into: [String]()) { names, folder in
            if names.last != folder { names.append(folder) }
        }
        #expect(folders == ["Typical requests", "Queries", "Bulk", "Errors"])
        #expect(
            collection.items.prefix(5).map(\.name) == [
                "Get all", "Add new", "Get one", "Edit existing", "Delete item",
            ])
        for item in collection.items {
            #expect(
                item.method != nil && item.rawURL?.hasPrefix("{{baseUrl}}/rest/") == true, "\(item.title)")
            #expect(item.testScript.contains { $0.contains("pm.test(") }, "\(item.title) has no pm.test")
            #expect(!item.examples.isEmpty, "\(item.title) has no saved example")
            for example in item.examples {
                #expect(example.missingFields.isEmpty, "\(item.title) example lacks \(example.missingFields)")
            }
        }
    }

    @Test func everyVariableTheRequestsUseIsDefined() throws {
        let collection = try PostmanCollection()
        let environment = try JSON.parse(Array(try Data(contentsOf: PostmanCollection.environmentURL)))
        let values = environment["values"]?.arrayValue ?? []
        let environmentNames = values.compactMap { $0["key"]?.stringValue }
        #expect(environmentNames == ["baseUrl", "apikey"])
        #expect(values.first?["value"] == "http://127.0.0.1:8080")
        let defined = Set(environmentNames + collection.variableNames)
        for item in collection.items {
            let texts = [item.rawURL ?? "", item.body ?? ""] + item.headers.map(\.1)
            let used = texts.flatMap {
                $0.matches(of: #/\{\{(?<name>[^}]+)\}\}/#).map { String($0.output.name) }
            }
            #expect(Set(used).isSubset(of: defined), "\(item.title) uses \(used)")
        }
    }

    @Test func everyRequestAnswersLikeItsSavedExample() async throws {
        let api = try TestAPI()
        defer { api.remove() }
        try await SeedData.reset(api.store)
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(2)) }
        let runner = PostmanRunner(port: server.port, apikey: TestAPI.fullKey)
        var answers: [[String: Any]] = []
        for item in try PostmanCollection().items {
            // Keep going after a failure so one run reports every disagreement.
            do {
                let response = try runner.run(item)
                answers.append(Self.record(item, response))
                check(response, against: item)
            } catch {
                Issue.record("\(item.title): \(error)")
            }
        }
        #expect(runner.variables["catId"]?.count == 24)
        if let path = ProcessInfo.processInfo.environment["RESTLITE_POSTMAN_CAPTURE"] {
            try JSONSerialization.data(withJSONObject: answers, options: [.prettyPrinted])
                .write(to: URL(fileURLWithPath: path))
        }
    }

    @Test func aBrokenExampleIsCaught() throws {
        let cat: JSONValue = ["_id": "5d9f", "rating": 4, "totals": ["total": 1]]
        #expect(JSONShape.mismatch(cat, example: ["_id": "x", "rating": 1]) == nil)
        #expect(JSONShape.mismatch(cat, example: ["rating": "4"]) != nil)
        #expect(JSONShape.mismatch(cat, example: ["photoUrl": "x"]) != nil)
        #expect(JSONShape.mismatch(cat, example: ["totals": ["total": 1, "count": 1]]) != nil)
        #expect(JSONShape.mismatch([cat, ["_id": "y"]], example: [["_id": "x", "rating": 1]]) != nil)
        let error: JSONValue = ["name": "NotFound", "message": "no such cat", "status": 404]
        #expect(
            JSONShape.mismatch(error, example: ["name": "BadRequest", "message": "m", "status": 404]) != nil)
        #expect(
            PostmanRunner.encode(#"/rest/a3cats?q={"rating":+4}&filter=a b"#)
                == "/rest/a3cats?q={%22rating%22:+4}&filter=a%20b")
        #expect(PostmanRunner.value(at: "[1]._id", in: [cat, ["_id": "y"]]) == "y")
    }

    private func check(_ response: RawHTTPResponse, against item: PostmanItem) {
        guard let example = item.examples.first else { return }
        #expect(response.status == example.code, "\(item.title): \(response.bodyString)")
        if let contentType = example.contentType {
            #expect(response.headers["Content-Type"] == contentType, "\(item.title)")
        }
        guard let text = example.body, let expected = try? JSON.parse(text) else {
            Issue.record("\(item.title): the example body is not JSON")
            return
        }
        guard let actual = try? JSON.parse(response.body) else {
            Issue.record("\(item.title): the answer is not JSON: \(response.bodyString)")
            return
        }
        let mismatch = JSONShape.mismatch(actual, example: expected)
        #expect(mismatch == nil, "\(item.title): \(mismatch ?? "")")
    }

    private static func record(_ item: PostmanItem, _ response: RawHTTPResponse) -> [String: Any] {
        [
            "name": item.name, "status": response.status, "reason": response.reason,
            "headers": response.headers.map { [$0.name, $0.value] }, "body": response.bodyString,
        ]
    }
}
