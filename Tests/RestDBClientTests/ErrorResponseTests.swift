import Foundation
import RestDBClient
import RestLiteTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Non-2xx answers, odd bodies and network failures each become the right ``RestDBError``.
@Suite struct ErrorResponseTests {
    private func cats(_ stub: StubServer) -> RestDBCollection<Cat> {
        stub.client().collection("a3cats", of: Cat.self)
    }

    @Test func notFoundBecomesAServerError() async {
        let stub = StubServer(
            .answer(status: 404, body: #"{"name":"NotFound","message":"No document with id x","status":404}"#)
        )
        let error = await #expect(throws: RestDBError.self) { try await cats(stub).get("x") }
        guard case .server(let answer) = error else {
            Issue.record("expected .server, got \(String(describing: error))")
            return
        }
        #expect(answer.status == 404)
        #expect(answer.name == "NotFound")
        #expect(answer.message == "No document with id x")
    }

    @Test func validationErrorCarriesTheFieldList() async {
        let body =
            #"{"name":"ValidationError","message":"weightKg must be a number","status":400,"#
            + #""list":[{"field":"weightKg","message":"must be a number"}]}"#
        let stub = StubServer(.answer(status: 400, body: body))
        let error = await #expect(throws: RestDBError.self) { try await cats(stub).create(.felix) }
        #expect(error?.status == 400)
        #expect(error?.list == [FieldError(field: "weightKg", message: "must be a number")])
        #expect(error?.body == Data(body.utf8))
    }

    @Test func nonJSONErrorBodyIsStillAServerError() async {
        let stub = StubServer(.answer(status: 502, body: "<h1>Bad Gateway</h1>", contentType: "text/html"))
        let error = await #expect(throws: RestDBError.self) { try await cats(stub).list() }
        #expect(error?.status == 502)
        #expect(error?.message == "<h1>Bad Gateway</h1>")
    }

    @Test func unauthorizedWithoutBodyIsAServerError() async {
        let stub = StubServer(.answer(status: 401, body: ""))
        let error = await #expect(throws: RestDBError.self) { try await stub.client().collections() }
        #expect(error?.name == "Unauthorized")
    }

    @Test func networkFailureIsTransportNotServer() async {
        let stub = StubServer(.failure(URLError(.cannotConnectToHost)))
        let error = await #expect(throws: RestDBError.self) { try await cats(stub).list() }
        guard case .transport(let underlying) = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(error?.status == nil)
    }

    @Test func successWithAnUnexpectedBodyIsADecodingError() async {
        let stub = StubServer(.answer(status: 200, body: "not json"))
        let error = await #expect(throws: RestDBError.self) { try await cats(stub).list() }
        guard case .decoding(_, let body) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(body == Data("not json".utf8))
    }

    @Test func emptyIDsAndEmptyDeleteQueriesAreRefusedWithoutARequest() async {
        let stub = StubServer()
        await #expect(throws: RestDBError.self) { try await cats(stub).delete("") }
        await #expect(throws: RestDBError.self) { try await cats(stub).delete(matching: .all) }
        await #expect(throws: RestDBError.self) { try await cats(stub).update("", .increment("rating")) }
        #expect(stub.requests.isEmpty)
    }

    @Test func unencodableOperandIsAnEncodingErrorWithoutARequest() async {
        let stub = StubServer()
        let error = await #expect(throws: RestDBError.self) {
            try await cats(stub).list(.where("weightKg", .gt(Double.infinity)))
        }
        guard case .encoding = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(stub.requests.isEmpty)
    }
}
