import Foundation
import RestDBClient
import RestLiteTesting
import Testing

/// `create(contentsOfJSON:)` posts the caller's bytes untouched.
@Suite struct JSONTextCreateTests {
    @Test func createFromJSONTextSendsTheBytesAsWrittenAndDecodesTheAnswer() async throws {
        let stub = StubServer(.answer(status: 201, body: "[\(Cat.felixJSON),\(Cat.felixJSON)]"))
        let text = #"[{"weightKg":4.50,"catName":"Tom"},{"rating":12345678901234567890123}]"#
        let saved = try await stub.client().collection("a3cats", of: Cat.self)
            .create(contentsOfJSON: Data(text.utf8))
        #expect(saved.map(\.catName) == ["Felis catus", "Felis catus"])
        let request = try #require(stub.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/rest/a3cats")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.bodyText == text)
    }
}
