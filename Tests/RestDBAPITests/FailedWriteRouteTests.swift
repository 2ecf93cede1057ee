import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

/// A refused write leaves nothing behind, collections included: `_meta` lists no new empty
/// collection after any of these writes to a collection that did not exist.
@Suite struct FailedWriteRouteTests {
    let api: TestAPI

    init() throws {
        api = try TestAPI()
        #expect(
            api.request(
                .put, "/rest/a3cats/_meta",
                body: #"{"fields":[{"name":"visits","type":"child","collection":"visits"}]}"#
            ).status == .ok)
        try api.seedCats(1)
    }

    private func collections() throws -> [String] {
        let meta = try api.request(.get, "/rest/_meta").json()
        return meta["collections"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    @Test(arguments: [
        ("/rest/nums", "application/json", #"{"n":1e400}"#),
        ("/rest/nums", "application/json", #"{"n":-1e400}"#),
        ("/rest/nums", "application/json", #"{"$where":1}"#),
        ("/rest/nums", "application/json", #"{"a.":1}"#),
        ("/rest/nums", "application/json", #"[{"a":1},{"b":1e400}]"#),
        ("/rest/nums", "application/json", #"[{"a":1},{"$b":1}]"#),
        ("/rest/nums", "application/x-www-form-urlencoded", "n=1e400"),
        ("/rest/a3cats/0123456789abcdef01234567/visits", "application/json", #"{"vet":"A"}"#),
    ])
    func aRefusedWriteCreatesNoCollection(path: String, contentType: String, body: String) throws {
        let before = try collections()
        let response = api.request(.post, path, headers: ["content-type": contentType], body: body)
        #expect((400..<500).contains(response.status.code), "\(path) \(body)")
        #expect(try collections() == before, "\(path) \(body)")
    }

    @Test func aGoodWriteToANewCollectionStillCreatesIt() throws {
        #expect(api.request(.post, "/rest/nums", body: #"{"n":1}"#).status == .created)
        #expect(try collections().contains("nums"))
    }
}
