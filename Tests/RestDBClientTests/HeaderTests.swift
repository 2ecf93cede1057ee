import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// Every method sends the key; every write (and only writes) says its body is JSON.
@Suite struct HeaderTests {
    private let id = "5dbb1b3e8a1f2c0012345678"

    @Test func everyRequestCarriesTheKeyAndWritesCarryJSONContentType() async throws {
        let result = #"{"result":["\#(id)"]}"#
        let stub = StubServer(
            .answer(status: 200, body: "[]"),
            .answer(status: 200, body: #"{"data":[],"totals":{"total":0,"count":0,"skip":0,"max":1000}}"#),
            .answer(status: 200, body: Cat.felixJSON),
            .answer(status: 201, body: Cat.felixJSON),
            .answer(status: 201, body: "[\(Cat.felixJSON)]"),
            .answer(status: 200, body: Cat.felixJSON),
            .answer(status: 200, body: Cat.felixJSON),
            .answer(status: 200, body: result),
            .answer(status: 200, body: result),
            .answer(status: 200, body: result),
            .answer(status: 200, body: #"{"collections":[]}"#),
            .answer(status: 200, body: #"{"name":"a3cats","fields":[]}"#)
        )
        let client = stub.client(apiKey: "key+with/odd=chars")
        let cats = client.collection("a3cats", of: Cat.self)
        _ = try await cats.list()
        _ = try await cats.page()
        _ = try await cats.get(id)
        _ = try await cats.create(.felix)
        _ = try await cats.create(contentsOf: [.felix])
        _ = try await cats.update(id, with: ["rating": 3])
        _ = try await cats.update(id, .increment("rating"))
        try await cats.delete(id)
        try await cats.delete(ids: [id])
        try await cats.delete(matching: .where("rating", 1))
        _ = try await client.collections()
        _ = try await cats.schema()

        let requests = stub.requests
        #expect(
            requests.map(\.method) == [
                "GET", "GET", "GET", "POST", "POST", "PUT", "PUT", "DELETE", "DELETE", "DELETE", "GET", "GET",
            ]
        )
        for request in requests {
            #expect(request.header("x-apikey") == "key+with/odd=chars", "\(request.method) \(request.url)")
            let expected: String? = request.method == "GET" ? nil : "application/json"
            #expect(request.header("Content-Type") == expected, "\(request.method) \(request.url)")
        }
    }
}
