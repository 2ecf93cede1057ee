import Foundation
import RestDBClient
import RestDBClientSocketTransport
import RestLiteTesting
import SocketHTTP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real restlite server on 127.0.0.1 (port 0) over a temporary data folder, seeded with the
/// course's cats, and clients pointed at it. Made and stopped by ``withLiveServer(seed:_:)``.
final class LiveServer: Sendable {
    let api: TestAPI
    let baseURL: URL
    /// The seeded cats' ids, in creation order (`seedCats` shapes: cat `i` has rating `i % 5 + 1`,
    /// breed `["abys", "beng", "sibe"][i % 3]`, born `201<i>-06-01T12:00:00Z`).
    let ids: [String]
    private let stopServer: @Sendable () -> Void
    private let session: URLSession

    init(seed: Int) throws {
        api = try TestAPI()
        do {
            ids = try api.seedCats(seed)
            let server = try api.startServer()
            stopServer = { server.shutdown(grace: .seconds(1)) }
            baseURL = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
        } catch {
            api.remove()
            throw error
        }
        session = Self.boundedSession()
    }

    /// A session whose requests cannot hang a test run.
    static func boundedSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.timeoutIntervalForResource = 20
        return URLSession(configuration: configuration)
    }

    /// A client for this server using `apiKey` (the full-access key unless told otherwise).
    /// On Linux this is the client's own socket transport, the one `restlite import --url` uses.
    func client(apiKey: String = TestAPI.fullKey) -> RestDBClient {
        #if canImport(Darwin)
            RestDBClient(baseURL: baseURL, apiKey: apiKey, session: session)
        #else
            RestDBClient(baseURL: baseURL, apiKey: apiKey)
        #endif
    }

    /// The seeded collection, typed as the course's `Cat`.
    var cats: RestDBCollection<Cat> { client().collection("a3cats") }

    /// A collection of free-form pets (no schema) for arrays and nested fields.
    var pets: RestDBCollection<Pet> { client().collection("pets") }

    /// The seeded ids at these positions, in the order given.
    func ids(_ positions: Int...) -> [String] { positions.map { ids[$0] } }

    /// The ids of the documents `query` matches in `collection`, in the server's order.
    func matching(_ query: Query, in collection: String = "a3cats") async throws -> [String] {
        try await client().collection(collection, of: DocumentID.self).list(query).compactMap(\.id)
    }

    /// The raw body of a GET, bypassing the client, to see exactly what the server wrote.
    func rawGet(_ target: String) async throws -> Data {
        var request = URLRequest(url: try #require(URL(string: baseURL.absoluteString + target)))
        request.setValue(TestAPI.fullKey, forHTTPHeaderField: "x-apikey")
        let (data, response) = try await session.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return data
    }

    func stop() {
        session.invalidateAndCancel()
        stopServer()
        api.remove()
    }
}

/// Runs `body` against a fresh live server seeded with `seed` cats, and always stops it.
func withLiveServer(seed: Int = 10, _ body: (LiveServer) async throws -> Void) async throws {
    let live = try LiveServer(seed: seed)
    defer { live.stop() }
    try await body(live)
}

/// Only the id of a document, so a query test reads which documents matched.
struct DocumentID: Codable, Sendable {
    var id: String?
    enum CodingKeys: String, CodingKey { case id = "_id" }
}

/// A document without a schema: arrays, nested objects, optional fields.
struct Pet: Codable, Equatable, Sendable {
    struct Vaccine: Codable, Equatable, Sendable {
        var name: String
        var year: Int
    }
    struct Owner: Codable, Equatable, Sendable {
        var name: String
    }
    var id: String?
    var name: String
    var tags: [String]
    var vaccines: [Vaccine]
    var owner: Owner?
    var chipped: Bool?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case name, tags, vaccines, owner, chipped
    }
}

/// The thrown error as a `RestDBError.server` answer, or `nil`.
func serverError(_ error: (any Error)?) -> ServerError? {
    guard case .server(let answer)? = error as? RestDBError else { return nil }
    return answer
}
