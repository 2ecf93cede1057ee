import Foundation
import RestLiteTesting
import Testing

/// End-to-end: the flags that make `restlite serve` a test target (`--memory`, `--port-file`,
/// `--clock`, `--id-seed`) and `restlite health`, on the built binary. Servers are stopped by PID.
@Suite(.offPool) struct ServeTestTargetCLITests {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-testtarget-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func send(_ method: String, _ path: String, port: Int, key: String, body: String? = nil) throws
        -> RawHTTPResponse
    {
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        try client.send(head + "Connection: close\r\n\r\n" + (body ?? ""))
        return try client.readResponse()
    }

    @Test func memoryServesTheSeedWithAMadeUpKeyAndWritesNothing() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(binary: binary, arguments: ["--memory", "--port", "0"], in: folder)
        let firstLine = server.banner.split(separator: "\n").first.map(String.init)
        #expect(firstLine == "restlite listening on http://127.0.0.1:\(server.port)")
        #expect(server.banner.contains("collections: a3cats (100)"))
        #expect(server.banner.contains("data folder: none (in memory)"))
        #expect(server.key.count == 24)
        let cats = try send("GET", "/rest/a3cats", port: server.port, key: server.key)
        #expect(cats.status == 200)
        #expect(
            try send("POST", "/rest/a3cats", port: server.port, key: server.key, body: #"{"a":1}"#).status
                == 201)
        #expect(server.terminate() == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".serve-stderr-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func memoryServersDoNotMeetAndTakeTheGivenKey() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = "memorykey000000000000001"
        let arguments = ["--memory", "--port", "0", "--no-seed", "--apikey", key]
        let first = try ServerProcess(binary: binary, arguments: arguments, in: folder)
        let second = try ServerProcess(binary: binary, arguments: arguments, in: folder)
        #expect(first.key == key)
        #expect(
            try send("POST", "/rest/notes", port: first.port, key: key, body: #"{"t":"x"}"#).status == 201)
        #expect(try send("GET", "/rest/notes", port: first.port, key: key).status == 200)
        #expect(try send("GET", "/rest/notes", port: second.port, key: key).status == 404)
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
    }

    @Test func memoryTakesTheSeedFromAFile() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"catName":"Tom"},{"catName":"Ginger"},{"catName":"Felix"}]"#.utf8)
            .write(to: folder.appendingPathComponent("cats.json"))
        let server = try ServerProcess(
            binary: binary, arguments: ["--memory", "--port", "0", "--seed", "cats.json"], in: folder)
        #expect(server.banner.contains("collections: a3cats (3)"))
        #expect(server.banner.contains("in memory: imported 3 documents into a3cats from cats.json"))
        #expect(server.terminate() == 0)
    }

    @Test func portFileHoldsTheBoundPort() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let portFile = folder.appendingPathComponent("port")
        let server = try ServerProcess(
            binary: binary, arguments: ["--memory", "--port", "0", "--port-file", portFile.path], in: folder)
        let written = try String(contentsOf: portFile, encoding: .utf8)
        #expect(written == "\(server.port)\n")
        #expect(server.terminate() == 0)
    }

    @Test func sameClockAndIDSeedGiveByteIdenticalAnswers() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "--memory", "--port", "0", "--clock", "2020-01-01T00:00:00Z+1s", "--id-seed", "42",
            "--apikey", "repeatkey000000000000001",
        ]
        func transcript() throws -> [String] {
            let server = try ServerProcess(binary: binary, arguments: arguments, in: folder)
            defer { _ = server.terminate() }
            var answers: [String] = []
            for body in [#"{"name":"a"}"#, #"{"name":"b"}"#, #"[{"name":"c"},{"name":"d"}]"#] {
                let posted = try send("POST", "/rest/things", port: server.port, key: server.key, body: body)
                answers.append("\(posted.status) \(posted.bodyString)")
            }
            let cats = try send("GET", "/rest/a3cats?max=2", port: server.port, key: server.key)
            answers.append("\(cats.status) \(cats.bodyString)")
            let things = try send("GET", "/rest/things", port: server.port, key: server.key)
            answers.append("\(things.status) \(things.bodyString)")
            return answers
        }
        let first = try transcript()
        let second = try transcript()
        #expect(first == second)
        #expect(first[0].hasPrefix("201 "))
        #expect(first[0].contains(#""_created":"2020-01-01T00:00:"#))
        // Ids differ by the counter only and sort by creation.
        let ids =
            try first[4].dropFirst(4).data(using: .utf8).map {
                try #require(try JSONSerialization.jsonObject(with: $0) as? [[String: Any]])
            }?.compactMap { $0["_id"] as? String } ?? []
        #expect(ids.count == 4)
        #expect(Set(ids.map { $0.dropFirst(8).prefix(10) }).count == 1)
    }

    @Test func badClockAndSeedValuesAreRefused() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [
            ["--clock", "yesterday"], ["--clock", "2020-01-01T00:00:00Z+1y"], ["--id-seed", "abc"],
        ] {
            let run = try binary.run(
                ["serve", "--memory", "--port", "0"] + arguments, in: folder, timeout: .seconds(30))
            #expect(run.status != 0, "\(arguments)")
            #expect(
                run.stderr.contains(arguments[0].dropFirst(2).replacingOccurrences(of: "-", with: " ")),
                "\(run.stderr)")
        }
    }

    @Test func healthAnswersZeroForARunningServerAndOneOtherwise() throws {
        let binary = try RestliteBinary()
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(binary: binary, arguments: ["--memory", "--port", "0"], in: folder)
        let healthy = try binary.run(
            ["health", "--url", "http://127.0.0.1:\(server.port)/health"], in: folder, timeout: .seconds(30))
        #expect(healthy.status == 0, "\(healthy.stderr)")
        let missing = try binary.run(
            ["health", "--url", "http://127.0.0.1:\(server.port)/nothing-here"], in: folder,
            timeout: .seconds(30))
        #expect(missing.status == 1)
        let port = server.port
        #expect(server.terminate() == 0)
        let stopped = try binary.run(
            ["health", "--url", "http://127.0.0.1:\(port)/health", "--timeout", "2"], in: folder,
            timeout: .seconds(30))
        #expect(stopped.status == 1)
        #expect(stopped.stderr.contains("unhealthy"))
    }
}
