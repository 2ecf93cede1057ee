import Foundation
import RestDBClient
import RestDBClientSocketTransport
import RestLiteTesting
import SocketHTTP
import Testing

/// restlite's error answers, read by the client as `RestDBError.server` with restdb's status,
/// name, message and field list; and a refused connection as `RestDBError.transport`.
@Suite struct LiveErrorTests {
    /// The same fields as the course's cat, but with wrongly typed values.
    private struct BadCat: Codable {
        var id: String?
        var catName: String
        var weightKg: String
        var rating: String
        enum CodingKeys: String, CodingKey {
            case id = "_id"
            case catName, weightKg, rating
        }
    }

    /// Runs `request`, which must fail with a server answer, and returns that answer.
    private func failure(
        _ request: () async throws -> some Any, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> ServerError? {
        do {
            _ = try await request()
            Issue.record("expected a server error, the request succeeded", sourceLocation: sourceLocation)
            return nil
        } catch {
            let answer = serverError(error)
            #expect(
                answer != nil, "expected RestDBError.server, got \(error)", sourceLocation: sourceLocation)
            #expect(answer?.message.isEmpty == false, sourceLocation: sourceLocation)
            #expect(answer?.body.isEmpty == false, sourceLocation: sourceLocation)
            return answer
        }
    }

    @Test func unknownIDIsNotFound() async throws {
        try await withLiveServer(seed: 1) { live throws in
            let missing = String(live.ids[0].reversed())
            let answer = await failure { try await live.cats.get(missing) }
            #expect(answer?.status == 404)
            #expect(answer?.name == "NotFound")
            let update = await failure { try await live.cats.update(missing, .increment("rating")) }
            #expect(update?.status == 404)
            let delete = await failure { try await live.cats.delete(missing) }
            #expect(delete?.status == 404)
        }
    }

    @Test func malformedIDIsABadRequest() async throws {
        try await withLiveServer(seed: 1) { live throws in
            let answer = await failure { try await live.cats.get("not-an-id") }
            #expect(answer?.status == 400)
            #expect(answer?.name == "BadRequest")
            #expect(answer?.list == [])
        }
    }

    @Test func schemaViolationIsAValidationErrorListingEachField() async throws {
        try await withLiveServer(seed: 1) { live throws in
            let bad = live.client().collection("a3cats", of: BadCat.self)
            let answer = await failure {
                try await bad.create(BadCat(catName: "Tom", weightKg: "heavy", rating: "five"))
            }
            #expect(answer?.status == 400)
            #expect(answer?.name == "ValidationError")
            #expect(Set(answer?.list.map(\.field) ?? []) == ["weightKg", "rating"])
            #expect(answer?.list.allSatisfy { !$0.message.isEmpty } == true)
            // All or nothing: a bad element in a batch stores none of it.
            let batch = await failure {
                try await bad.create(contentsOf: [
                    BadCat(catName: "Tom", weightKg: "1", rating: "1"),
                    BadCat(catName: "Kit", weightKg: "x", rating: "y"),
                ])
            }
            #expect(batch?.name == "ValidationError")
            #expect(try await live.cats.list().count == 1)
        }
    }

    @Test func missingKeyIsUnauthorized() async throws {
        try await withLiveServer(seed: 1) { live throws in
            let cats = live.client(apiKey: "").collection("a3cats", of: Cat.self)
            let answer = await failure { try await cats.list() }
            #expect(answer?.status == 401)
            #expect(answer?.name == "Unauthorized")
        }
    }

    @Test func wrongKeyIsForbidden() async throws {
        try await withLiveServer(seed: 1) { live throws in
            let client = live.client(apiKey: "ffffffffffffffffffffffff")
            let list = await failure { try await client.collection("a3cats", of: Cat.self).list() }
            #expect(list?.status == 403)
            #expect(list?.name == "Forbidden")
            let create = await failure { try await client.collection("a3cats", of: Cat.self).create(.felix) }
            #expect(create?.status == 403)
            #expect(try await live.cats.list().count == 1)
        }
    }

    @Test func nothingListeningIsATransportError() async throws {
        // A port that was just free: start a server on port 0, note its port, stop it.
        let api = try TestAPI()
        defer { api.remove() }
        let server = try api.startServer()
        let port = server.port
        server.shutdown(grace: .zero)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        #if canImport(Darwin)
            let session = LiveServer.boundedSession()
            defer { session.invalidateAndCancel() }
            let client = RestDBClient(baseURL: url, apiKey: TestAPI.fullKey, session: session)
        #else
            let client = RestDBClient(baseURL: url, apiKey: TestAPI.fullKey)
        #endif
        let error = await #expect(throws: RestDBError.self) {
            try await client.collection("a3cats", of: Cat.self).list()
        }
        guard case .transport = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(error?.status == nil)
    }
}
