import DocumentJSON
import DocumentQuery
import DocumentStore
import Foundation
import PlatformSupport
import RestLiteTesting
import Testing

@testable import PostgresStore

/// Documents read by id kept with the database state they were read in (`PostgresDocuments`):
/// answered from memory only after a state check that started after the read arrived, so a
/// read never returns a document older than the last write acknowledged before it.
@Suite(.offPool) struct PostgresDocumentsTests {
    /// Reads `id` until one answer comes from memory (each answer checked by `expected`), at
    /// most 10 s: other tests' commits on the same cluster change the state too.
    private static func readUntilKept(
        _ engine: PostgresEngine, _ id: String, _ expected: (Document) -> Bool
    ) throws -> Bool {
        let before = engine.documents.figures.hits
        let deadline = ContinuousClock.now + .seconds(10)
        while engine.documents.figures.hits == before {
            if ContinuousClock.now >= deadline { return false }
            guard expected(try engine.document(id, in: "cats")) else { return false }
        }
        return true
    }

    @Test func aKeptDocumentAnswersUntilACommitOfAnyProcess() throws {
        let url = try TemporaryPostgres.databaseURL()
        let engine = try PostgresEngine(url: url)
        let cat = try engine.insert(["n": 1], into: "cats")
        #expect(try Self.readUntilKept(engine, cat.id) { $0.version == cat.version && $0.body == cat.body })

        // Another connection's update, uncommitted and then committed.
        let other = try PostgresConnection(conninfo: url, libpq: try LibPQ.shared())
        let table = try engine.collection("cats").table
        try other.execute("BEGIN")
        try other.execute(
            "UPDATE \(table) SET body = ?, version = version + 1 WHERE id = ?",
            [.text(#"{"_id":"\#(cat.id)","n":2}"#), .text(cat.id)])
        #expect(try engine.document(cat.id, in: "cats").body == cat.body)
        try other.execute("COMMIT")
        let changed = try engine.document(cat.id, in: "cats")
        #expect(String(decoding: changed.body, as: UTF8.self).contains(#""n":2"#))
        #expect(try Self.readUntilKept(engine, cat.id) { $0.body == changed.body })

        // Another process's delete.
        let second = try PostgresEngine(url: url)
        _ = try second.delete(cat.id, from: "cats")
        #expect(throws: StoreError.self) { try engine.document(cat.id, in: "cats") }
    }

    /// A writer acknowledges versions one after another while readers read: a read that starts
    /// after an acknowledgement never answers an older version, from memory or not.
    @Test func noReadAnswersOlderThanAWriteAcknowledgedBeforeIt() throws {
        let engine = try PostgresEngine(url: try TemporaryPostgres.databaseURL())
        let cat = try engine.insert(["n": 0], into: "cats")
        let run = PostgresFixture.readWhileWriting(steps: 60) { step in
            (try? engine.update(cat.id, in: "cats", with: ["n": .number(JSONNumber(step))])).map {
                Int($0.version)
            }
        } read: {
            (try? engine.document(cat.id, in: "cats")).map { Int($0.version) }
        }
        #expect(run.acknowledged >= 60)
        #expect(run.stale == 0)
        #expect(run.reads > 0 && engine.documents.figures.fetches > 0)
    }

    /// One check serves every caller that asked before it started; a caller that asked while a
    /// check was running waits for the next one, which it shares with the others waiting.
    @Test func aCheckServesTheCallersThatAskedBeforeItStarted() throws {
        let checks = StateChecks()
        let release = DispatchSemaphore(value: 0)
        let reads = SharedNumber()
        let answers = Answers()
        @Sendable func read() -> String {
            reads.raise(to: reads.value + 1)
            let number = reads.value
            if number == 1 { release.wait() }
            return "state \(number)"
        }
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { answers.add(0, checks.current(read)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while reads.value == 0 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        for caller in 1...3 {
            DispatchQueue.global().async(group: group) { answers.add(caller, checks.current(read)) }
        }
        while checks.waiting < 3 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(checks.waiting == 3)
        release.signal()
        group.wait()
        #expect(answers.all == [0: "state 1", 1: "state 2", 2: "state 2", 3: "state 2"])
        #expect(checks.count == 2)
    }
}

/// Answers by caller, from several threads.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Int: String] = [:]

    func add(_ caller: Int, _ answer: String?) { lock.withLock { answers[caller] = answer ?? "nil" } }
    var all: [Int: String] { lock.withLock { answers } }
}
