import Foundation
import RestDBClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

/// For client tests without a server: an in-process HTTP responder that answers requests to its own host with canned replies and
/// records what the client sent. Each stub has a unique host, so parallel tests never share one.
public final class StubServer: @unchecked Sendable {
    public enum Reply: Sendable {
        case answer(status: Int, body: String, contentType: String = "application/json; charset=utf-8")
        case failure(URLError)
    }

    public let host = "stub-\(UUID().uuidString.lowercased()).test"
    private let lock = NSLock()
    private var replies: [Reply]
    private var recorded: [RecordedRequest] = []

    public init(_ replies: Reply...) {
        self.replies = replies
        StubURLProtocol.register(self)
    }

    public var baseURL: URL { URL(string: "http://\(host)")! }

    public var requests: [RecordedRequest] { locked(lock) { recorded } }

    /// A client whose session routes every request through ``StubURLProtocol``.
    public func client(apiKey: String = "5d9f48133cbe87164d4bb12c", baseURL: URL? = nil) -> RestDBClient {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return RestDBClient(
            baseURL: baseURL ?? self.baseURL,
            apiKey: apiKey,
            session: URLSession(configuration: configuration)
        )
    }

    fileprivate func reply(to request: RecordedRequest) -> Reply {
        locked(lock) {
            recorded.append(request)
            return replies.isEmpty ? .answer(status: 599, body: "no reply queued") : replies.removeFirst()
        }
    }
}

/// The `URLProtocol` that hands requests to the ``StubServer`` registered for their host.
public final class StubURLProtocol: URLProtocol {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var servers: [String: StubServer] = [:]

    public static func register(_ server: StubServer) {
        locked(lock) { servers[server.host] = server }
    }

    private static func server(for host: String?) -> StubServer? {
        locked(lock) { host.flatMap { servers[$0] } }
    }

    override public class func canInit(with request: URLRequest) -> Bool {
        server(for: request.url?.host) != nil
    }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override public func startLoading() {
        guard let url = request.url, let server = Self.server(for: url.host) else { return }
        let recorded = RecordedRequest(
            method: request.httpMethod ?? "GET",
            url: url,
            headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody ?? request.httpBodyStream.map(Self.readAll)
        )
        switch server.reply(to: recorded) {
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        case .answer(let status, let body, let contentType):
            let response = HTTPURLResponse(
                url: url,
                statusCode: status,
                httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": contentType]
            )!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: Data(body.utf8))
            client?.urlProtocolDidFinishLoading(self)
        }
    }

    override public func stopLoading() {}

    /// URLSession may turn `httpBody` into a stream before a protocol sees it.
    private static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}

/// `NSLock.withLock` needs macOS 14 on Darwin; the package supports macOS 13.
private func locked<Value>(_ lock: NSLock, _ body: () throws -> Value) rethrows -> Value {
    lock.lock()
    defer { lock.unlock() }
    return try body()
}
