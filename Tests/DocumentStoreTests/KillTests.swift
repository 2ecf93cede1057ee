import DocumentJSON
import Foundation
import RestLiteTesting
import Testing

@testable import DocumentStore

@Suite(.offPool) struct KillTests {
    /// The writer binary, built next to the test bundle by `swift build --build-tests`.
    static let writer: URL? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [folder, folder.deletingLastPathComponent()].map {
            $0.appendingPathComponent("restlite-bench-store")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// SIGKILL a process in the middle of writing: every id it printed (printed only after the
    /// call returned) is stored, and no batch is half there. Also with the file kept to the
    /// process (`processExclusive`, as `restlite serve` runs), whose WAL index lives in its
    /// memory and dies with it: the next open rebuilds it from the WAL file.
    /// `swift test` builds every product, the writer included: a missing binary is a failure,
    /// not a reason to skip the test.
    @Test(arguments: [false, true])
    func killedWriterLosesNoAcknowledgedWrite(processExclusive: Bool) throws {
        let writer = try #require(Self.writer, "restlite-bench-store is not built next to the tests")
        let database = TemporaryDatabase()
        defer { database.remove() }
        let process = Process()
        process.executableURL = writer
        process.arguments = ["crash-writer", database.path] + (processExclusive ? ["exclusive"] : [])
        let pipe = try ChildProcessLaunch.serialized {
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            return pipe
        }
        var output = Data()
        let deadline = Date().addingTimeInterval(20)
        while output.filter({ $0 == 10 }).count < 300 && Date() < deadline {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
        }
        kill(process.processIdentifier, SIGKILL)
        #expect(ChildExit.wait(for: process, timeout: .seconds(30)) == .signalled(SIGKILL))
        output.append(pipe.fileHandleForReading.readRemaining(timeout: .seconds(10)))
        let text = String(decoding: output, as: UTF8.self)
        // Only whole lines were acknowledged.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let acknowledged = lines.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(acknowledged.count >= 300)

        let store = try DocumentStore(path: database.path)
        let stored = try store.find(FindRequest(collection: "crash", max: Int.max))
        let storedIDs = Set(stored.documents.map(\.id))
        #expect(acknowledged.allSatisfy(storedIDs.contains))
        var sizes: [Int64: Int] = [:]
        for document in stored.documents {
            sizes[document.object()["step"]?.numberValue?.int64Value ?? -1, default: 0] += 1
        }
        #expect(sizes.allSatisfy { step, count in count == Int(step % 3 + 1) })
    }
}
