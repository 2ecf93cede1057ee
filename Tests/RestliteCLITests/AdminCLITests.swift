import Foundation
import RestLiteTesting
import Testing

/// `restlite serve` with the admin flags, end to end over a socket.
@Suite(.offPool) struct AdminCLITests {
    private func request(_ method: String, _ path: String, port: Int, key: String) throws -> RawHTTPResponse {
        let client = try RawHTTPClient(port: port, timeout: .seconds(10))
        defer { client.close() }
        try client.send(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(key)\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n")
        return try client.readResponse()
    }

    @Test func faultsFileJournalSizeAndNoAdminFlags() throws {
        let binary = try RestliteBinary()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restlite-admin-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"[{"method":"GET","path":"/rest/a3cats","action":"status","status":503,"times":1}]"#.utf8)
            .write(to: folder.appendingPathComponent("faults.json"))

        let server = try ServerProcess(
            binary: binary,
            arguments: ["--port", "0", "--data-dir", "d", "--faults", "faults.json", "--journal-size", "1"],
            in: folder)
        #expect(server.banner.contains("admin: http://127.0.0.1:\(server.port)/_restlite/"))
        #expect(try request("GET", "/rest/a3cats", port: server.port, key: server.key).status == 503)
        #expect(try request("GET", "/rest/a3cats", port: server.port, key: server.key).status == 200)
        let journal = try request("GET", "/_restlite/journal", port: server.port, key: server.key)
        let entries = try JSONSerialization.jsonObject(with: Data(journal.body)) as? [[String: Any]]
        #expect(entries?.count == 1 && entries?.first?["status"] as? Int == 200)
        #expect(try request("POST", "/_restlite/reset", port: server.port, key: server.key).status == 200)
        #expect(try request("POST", "/_restlite/reset", port: server.port, key: "").status == 401)
        #expect(server.terminate(timeout: .seconds(20)) == 0)

        let plain = try ServerProcess(
            binary: binary, arguments: ["--port", "0", "--data-dir", "d", "--no-admin"], in: folder)
        #expect(!plain.banner.contains("admin:"))
        #expect(try request("POST", "/_restlite/reset", port: plain.port, key: plain.key).status == 404)
        #expect(plain.terminate(timeout: .seconds(20)) == 0)

        let refused = try binary.run(
            ["serve", "--no-admin", "--faults", "faults.json", "--data-dir", "d"], in: folder)
        #expect(refused.status != 0 && refused.stderr.contains("--faults needs the admin routes"))
    }
}
