import Foundation
import RestDBClient

/// A request as the stub saw it.
public struct RecordedRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    public var bodyText: String? { body.map { String(decoding: $0, as: UTF8.self) } }
}

/// For client tests without a server: a transport that answers the client's requests with
/// canned replies, in order, and records what the client sent.
public final class StubServer: RestDBTransport, @unchecked Sendable {
    public enum Reply: Sendable {
        case answer(status: Int, body: String, contentType: String = "application/json; charset=utf-8")
        case failure(URLError)
    }

    private let lock = NSLock()
    private var replies: [Reply]
    private var recorded: [RecordedRequest] = []

    public init(_ replies: Reply...) {
        self.replies = replies
    }

    public var baseURL: URL { URL(string: "http://stub.test")! }

    public var requests: [RecordedRequest] { locked(lock) { recorded } }

    /// A client whose requests all come to this stub.
    public func client(apiKey: String = "5d9f48133cbe87164d4bb12c", baseURL: URL? = nil) -> RestDBClient {
        RestDBClient(baseURL: baseURL ?? self.baseURL, apiKey: apiKey, transport: self)
    }

    package func send(_ request: TransportRequest) async throws -> TransportResponse {
        var headers: [String: String] = [:]
        for header in request.headers { headers[header.name] = header.value }
        let reply = locked(lock) {
            recorded.append(
                RecordedRequest(
                    method: request.method, url: request.url, headers: headers, body: request.body))
            return replies.isEmpty ? .answer(status: 599, body: "no reply queued") : replies.removeFirst()
        }
        switch reply {
        case .failure(let error):
            throw error
        case .answer(let status, let body, let contentType):
            return TransportResponse(
                status: status, headers: [("Content-Type", contentType)], body: Data(body.utf8))
        }
    }
}

/// `NSLock.withLock` needs macOS 14 on Darwin; the package supports macOS 13.
private func locked<Value>(_ lock: NSLock, _ body: () throws -> Value) rethrows -> Value {
    lock.lock()
    defer { lock.unlock() }
    return try body()
}
