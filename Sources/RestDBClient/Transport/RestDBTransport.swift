#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HTTP request as the client hands it to a transport: the full URL, headers in order and
/// the body.
package struct TransportRequest: Sendable {
    package var method: String
    package var url: URL
    package var headers: [(name: String, value: String)]
    package var body: Data?

    package init(method: String, url: URL, headers: [(name: String, value: String)], body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The answer a transport got: status, headers and the whole body.
package struct TransportResponse: Sendable {
    package var status: Int
    package var headers: [(name: String, value: String)]
    package var body: Data

    package init(status: Int, headers: [(name: String, value: String)] = [], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// How a ``RestDBClient`` reaches its server: `URLSession` on Apple platforms, a small
/// POSIX-socket HTTP/1.1 client on Linux (see ARCHITECTURE.md), a canned stub in tests.
///
/// A transport answers any HTTP status; it throws only when no answer arrived. The client
/// wraps such errors in ``RestDBError/transport(_:)`` unless they already are a ``RestDBError``.
package protocol RestDBTransport: Sendable {
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
