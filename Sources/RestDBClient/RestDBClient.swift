#if canImport(Darwin)
    import Foundation
#else
    import FoundationEssentials
#endif

/// A client for a restdb.io database or a restlite server: `https://<db>.restdb.io` or
/// `http://127.0.0.1:8080`, the same code for both.
///
/// Every request sends the key in `x-apikey`. Reach documents through a typed
/// ``RestDBCollection`` from ``collection(_:of:)``.
///
/// ```swift
/// let client = RestDBClient(baseURL: URL(string: "http://127.0.0.1:8080")!, apiKey: "5d9f48133cbe87164d4bb12c")
/// let cats = client.collection("a3cats", of: Cat.self)
/// let all = try await cats.list()
/// ```
public struct RestDBClient: Sendable {
    /// The server's root, without `/rest`.
    ///
    /// ```swift
    /// client.baseURL  // http://127.0.0.1:8080
    /// ```
    public let baseURL: URL

    /// The key sent in the `x-apikey` header.
    ///
    /// ```swift
    /// client.apiKey  // "5d9f48133cbe87164d4bb12c"
    /// ```
    public let apiKey: String

    /// How requests reach the server (see ``RestDBTransport``).
    let transport: any RestDBTransport

    #if canImport(Darwin)
        /// The session requests go through.
        ///
        /// ```swift
        /// client.session.configuration.timeoutIntervalForRequest
        /// ```
        public let session: URLSession

        /// Makes a client for the server at `baseURL` (no `/rest` suffix) using `apiKey`.
        /// Pass a `session` for your own timeouts, caching or test doubles; the default is
        /// `URLSession.shared`.
        ///
        /// ```swift
        /// let client = RestDBClient(baseURL: URL(string: "https://pamdps923-de33.restdb.io")!, apiKey: key)
        /// let local = RestDBClient(baseURL: URL(string: "http://127.0.0.1:8080")!, apiKey: key,
        ///                          session: URLSession(configuration: .ephemeral))
        /// ```
        public init(baseURL: URL, apiKey: String, session: URLSession = .shared) {
            self.init(
                baseURL: baseURL, apiKey: apiKey, session: session,
                transport: URLSessionTransport(session: session))
        }

        /// A client whose requests go through `transport` (tests' stubs).
        package init(baseURL: URL, apiKey: String, transport: any RestDBTransport) {
            self.init(baseURL: baseURL, apiKey: apiKey, session: .shared, transport: transport)
        }

        private init(baseURL: URL, apiKey: String, session: URLSession, transport: any RestDBTransport) {
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.session = session
            self.transport = transport
        }
    #else
        /// A client whose requests go through `transport`. Linux has no transport here (its
        /// `URLSession` would load FoundationNetworking and libcurl): the public
        /// `init(baseURL:apiKey:)` on Linux comes from `RestDBClientSocketTransport`, and tests
        /// pass their stubs.
        package init(baseURL: URL, apiKey: String, transport: any RestDBTransport) {
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.transport = transport
        }
    #endif

    /// A handle on the collection `name` whose documents decode as `Document`.
    ///
    /// ```swift
    /// struct Cat: Codable {
    ///     var id: String?
    ///     var catName: String
    ///     enum CodingKeys: String, CodingKey { case id = "_id", catName }
    /// }
    /// let cats = client.collection("a3cats", of: Cat.self)
    /// ```
    public func collection<Document: Codable>(
        _ name: String,
        of type: Document.Type = Document.self
    ) -> RestDBCollection<Document> {
        RestDBCollection(name: name, client: self)
    }

    /// The names of the database's collections (`GET /rest/_meta`).
    ///
    /// ```swift
    /// let names = try await client.collections()  // ["a3cats"]
    /// ```
    public func collections() async throws -> [String] {
        struct Answer: Decodable {
            struct Entry: Decodable { var name: String }
            var collections: [Entry]
        }
        let data = try await send(Endpoint(method: "GET", path: "/rest/_meta"))
        return try decode(Answer.self, from: data).collections.map(\.name)
    }
}
