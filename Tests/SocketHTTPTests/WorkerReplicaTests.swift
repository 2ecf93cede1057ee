import PlatformSupport
import RestLiteTesting
import Testing

@testable import SocketHTTP

/// How many replicas a responder made, across the threads that asked for them.
private final class ReplicaCount: @unchecked Sendable {
    private let lock = PosixCondition()
    private var made = 0

    func next() -> Int {
        lock.withLock {
            made += 1
            return made
        }
    }

    var count: Int { lock.withLock { made } }
}

/// Answers with its replica's number (0: the original).
private struct Numbered: HTTPResponder {
    let replicas: ReplicaCount
    let number: Int

    func respond(to request: HTTPRequest) -> HTTPResponse { .text(.ok, "replica \(number)") }
    func replica() -> any HTTPResponder { Numbered(replicas: replicas, number: replicas.next()) }
}

/// Each worker answers through a replica of the server's responder of its own
/// (`HTTPResponder.replica()`), so workers on different cores do not write the same reference
/// counts on every request.
@Suite(.offPool) struct WorkerReplicaTests {
    @Test func everyWorkerAnswersThroughAReplicaOfItsOwn() throws {
        let replicas = ReplicaCount()
        let server = try TestHTTPServer.start(Numbered(replicas: replicas, number: 0)) {
            $0.workerThreads = 3
        }
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        for _ in 0..<5 {
            try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            let answer = try client.readResponse().bodyString
            #expect(answer.hasPrefix("replica ") && answer != "replica 0")
        }
        // One replica per worker, made as the worker starts (the workers start together).
        let deadline = ContinuousClock.now + .seconds(10)
        while replicas.count < 3 && ContinuousClock.now < deadline { PosixThread.yield() }
        #expect(replicas.count == 3)
    }

    @Test func aRoutersReplicaAnswersAsItDoesFromATreeOfItsOwn() throws {
        var router = Router()
        router.use(ScopedTag(name: "rest-only", scope: .only(["rest"])))
        router.use(ScopedTag(name: "everywhere", scope: .everyRequest))
        router.get("/rest/:collection") { .text(.ok, "list \($0.pathParameters["collection"] ?? "")") }
        router.get("/rest/_meta") { _ in .text(.ok, "meta") }
        router.get("/rest/:collection/:id") { .text(.ok, "doc \($0.pathParameters["id"] ?? "")") }
        router.put("/rest/:collection/:id") { _ in .text(.ok, "put") }
        router.get("/") { _ in .text(.ok, "root") }
        let original = router.freeze()
        let replica = try #require(original.replica() as? FrozenRouter)
        let requests: [(HTTPMethod, String)] = [
            (.get, "/rest/cats"), (.get, "/rest/_meta"), (.get, "/rest/cats/42"), (.head, "/rest/cats"),
            (.put, "/rest/cats/1"), (.post, "/rest/cats/1"), (.get, "/nowhere"), (.get, "/"),
        ]
        for (method, target) in requests {
            let expected = original.respond(to: HTTPRequest(method: method, target: target))
            let answer = replica.respond(to: HTTPRequest(method: method, target: target))
            #expect(answer.status == expected.status, "\(method.rawValue) \(target)")
            #expect(answer.bodyString == expected.bodyString, "\(method.rawValue) \(target)")
            #expect(answer.headers.values(for: "X-Chain") == expected.headers.values(for: "X-Chain"))
            #expect(answer.headers["Allow"] == expected.headers["Allow"])
        }
        // The same tree, but not the same storage: no level's dictionaries are shared.
        func storage<Key, Value>(_ dictionary: [Key: Value]) -> ObjectIdentifier {
            ObjectIdentifier(unsafeBitCast(dictionary, to: AnyObject.self))
        }
        #expect(storage(replica.root.literals) != storage(original.root.literals))
        let rest = try #require(original.root.literals["rest"]?.parameter.first)
        let replicaRest = try #require(replica.root.literals["rest"]?.parameter.first)
        #expect(storage(replicaRest.handlers) != storage(rest.handlers))
        #expect(replica.middleware(for: "rest").count == 2 && replica.middleware(for: "other").count == 1)
    }
}
