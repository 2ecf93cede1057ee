// The sample suite of docs/TESTING.md ("A sample suite: the app's flow, a fault, the journal").
// The page quotes this file from `// sample:begin` to `// sample:end`, and
// `TestingDocSampleTests` fails when the two differ: change both together.
// sample:begin
import Foundation
import RestLiteEmbedded
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cat as the app decodes it: restdb's `_id`, dates like `2008-11-14T09:53:37.000Z`.
struct Cat: Codable {
    var _id: String?
    var catName: String
    var ownerName: String
    var birthDate: Date
    var rating: Int
}

/// The app's requests, one method each; an answer outside 200-299 is thrown, not force-cast.
struct CatsAPI {
    struct Failure: Error, Equatable { let status: Int }

    let server: RestLite.Server

    static var dates: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        return formatter
    }

    func send(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(server.apiKey, forHTTPHeaderField: "x-apikey")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200...299).contains(status) else { throw Failure(status: status) }
        return data
    }

    func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .formatted(Self.dates)
        return try decoder.decode(type, from: data)
    }

    func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .formatted(Self.dates)
        return try encoder.encode(value)
    }

    func cats() async throws -> [Cat] { try decode([Cat].self, try await send("GET", "/rest/a3cats")) }
    func cat(_ id: String) async throws -> Cat {
        try decode(Cat.self, try await send("GET", "/rest/a3cats/\(id)"))
    }
    func add(_ cat: Cat) async throws -> Cat {
        try decode(Cat.self, try await send("POST", "/rest/a3cats", body: encode(cat)))
    }
    func edit(_ cat: Cat) async throws -> Cat {
        try decode(Cat.self, try await send("PUT", "/rest/a3cats/\(cat._id!)", body: encode(cat)))
    }
    func delete(_ id: String) async throws { _ = try await send("DELETE", "/rest/a3cats/\(id)") }
}

@Suite struct CatFlowTests {
    @Test(.restlite(seed: .builtIn)) func listAddEditDeleteWithA503OnPut() async throws {
        let server = try #require(RestLite.current)
        let api = CatsAPI(server: server)

        #expect(try await api.cats().count == 100)
        let birth = try #require(CatsAPI.dates.date(from: "2020-03-01T10:00:00.000Z"))
        var ginger = try await api.add(Cat(catName: "Ginger", ownerName: "Ann", birthDate: birth, rating: 4))
        let id = try #require(ginger._id)

        // The server answers the next PUT on a cat with 503 and restdb's error body, once.
        let fault = #"{"method":"PUT","path":"/rest/a3cats/*","action":"status","status":503,"times":1}"#
        _ = try await api.send("POST", "/_restlite/faults", body: Data(fault.utf8))
        _ = try await api.send("DELETE", "/_restlite/journal")

        ginger.ownerName = "Sam"
        await #expect(throws: CatsAPI.Failure(status: 503)) { try await api.edit(ginger) }
        #expect(try await api.cat(id).ownerName == "Ann")  // the failed edit changed nothing

        // The app sent exactly one PUT, to this cat, with this body and a key (masked).
        let journal = try await api.send("GET", "/_restlite/journal?method=put")
        let sent = try #require(try JSONSerialization.jsonObject(with: journal) as? [[String: Any]])
        try #require(sent.count == 1)
        #expect(sent[0]["path"] as? String == "/rest/a3cats/\(id)")
        #expect(sent[0]["status"] as? Int == 503)
        let headers = try #require(sent[0]["headers"] as? [String: String])
        #expect(headers["x-apikey"] == "****" + server.apiKey.suffix(4))
        let body = try #require((sent[0]["body"] as? String)?.data(using: .utf8))
        #expect(try api.decode(Cat.self, body).ownerName == "Sam")

        // The fault was for one use: the app's retry goes through.
        #expect(try await api.edit(ginger).ownerName == "Sam")
        try await api.delete(id)
        await #expect(throws: CatsAPI.Failure(status: 404)) { try await api.cat(id) }
    }
}
// sample:end
