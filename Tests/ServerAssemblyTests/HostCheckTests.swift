import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

/// The guard against DNS rebinding (docs/SECURITY.md, "Host checks"): a server on a loopback
/// address answers only loopback names, the `--public-url` host and `--allowed-host` names;
/// any other `Host` gets a 403 in restdb's error shape naming the flag. On other addresses
/// every name is answered.
@Suite(.offPool) struct HostCheckTests {
    @Test func loopbackNamesWithAnyPortAreAdmitted() {
        let list = HostAllowList(names: [])
        for host in [
            "localhost", "localhost:8080", "LOCALHOST:1", "127.0.0.1", "127.0.0.1:8080", "127.1.2.3:9",
            "[::1]", "[::1]:8080", "app.localhost:5173", "localhost.",
        ] {
            #expect(list.admits(hostHeader: host), "\(host)")
        }
        for host in [
            "evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example",
            "[::2]:80", "128.0.0.1", "127.0.0.1x", "0.0.0.0", "192.168.1.5:8080",
        ] {
            #expect(!list.admits(hostHeader: host), "\(host)")
        }
    }

    /// The byte-level shortcut for `127.0.0.1` and `localhost` admits only what the full check
    /// admits, and leaves everything else to it.
    @Test func theLoopbackShortcutAgreesWithTheFullCheck() {
        for host in ["127.0.0.1", "127.0.0.1:8080", "localhost", "localhost:1"] {
            #expect(HostAllowList.isPlainLoopback(host), "\(host)")
        }
        for host in [
            "127.0.0.1.evil.example", "localhost.evil.example", "127.0.0.1x", "127.0.0.1:", "127.0.0.1:80x",
            "localhost:8080:1", "evil.example:127", "LOCALHOST", " 127.0.0.1", "127.0.0.2",
        ] {
            #expect(!HostAllowList.isPlainLoopback(host), "\(host)")
        }
        for host in ["127.0.0.1:8080", "localhost", "127.0.0.1x", "localhost.evil.example", "127.0.0.1:80x"] {
            let full = HostAllowList.isLoopbackName(HostAllowList.hostName(of: host))
            #expect(!HostAllowList.isPlainLoopback(host) || full, "\(host)")
        }
    }

    @Test func allowedNamesAndTheStarAreAdmitted() {
        let list = HostAllowList(names: ["MyApp.local:3000", "192.168.1.5"])
        #expect(list.admits(hostHeader: "myapp.local"))
        #expect(list.admits(hostHeader: "myapp.local:8080"))
        #expect(list.admits(hostHeader: "192.168.1.5:8080"))
        #expect(!list.admits(hostHeader: "other.local"))
        #expect(HostAllowList(names: ["*"]).admits(hostHeader: "anything.example"))
    }

    @Test func serveChecksHostsOnLoopbackOnlyWithThePublicURLAndTheFlag() throws {
        var settings = ServeConfiguration()
        settings.publicURL = "http://cats.example:9000"
        settings.allowedHosts = ["dev.example"]
        let list = try #require(settings.hostAllowList)
        #expect(list.admits(hostHeader: "cats.example:9000"))
        #expect(list.admits(hostHeader: "dev.example"))
        #expect(!list.admits(hostHeader: "evil.example"))
        for host in ["0.0.0.0", "::", "192.168.1.5"] {
            settings.host = host
            #expect(settings.hostAllowList == nil, "\(host)")
        }
        settings.host = "::1"
        #expect(settings.hostAllowList != nil)
    }

    @Test func theFlagAndItsVariableResolve() throws {
        var flags = ServeOverrides()
        flags.allowedHosts = ["a.example", "b.example,c.example"]
        let fromFlags = try ServeConfiguration.resolve(
            flags, environment: ["RESTLITE_ALLOWED_HOST": "z.example"])
        #expect(fromFlags.allowedHosts == ["a.example", "b.example", "c.example"])
        let fromEnvironment = try ServeConfiguration.resolve(
            ServeOverrides(), environment: ["RESTLITE_ALLOWED_HOST": "x.example, y.example"])
        #expect(fromEnvironment.allowedHosts == ["x.example", "y.example"])
        flags.allowedHosts = ["http://a.example/"]
        #expect(throws: ServeError.self) { try ServeConfiguration.resolve(flags, environment: [:]) }
    }

    @Test func aServerOnLoopbackRefusesAForeignHostFromTheHeadAndAnswersItsOwnNames() async throws {
        var settings = ServeConfiguration()
        settings.port = 0
        settings.quiet = true
        settings.memory = true
        settings.apiKeys = ["hostcheck00000000000000001"]
        settings.allowedHosts = ["dev.example"]
        let server = try await RestliteServer.openAndStart(settings)
        defer { server.http.shutdown() }
        let port = server.http.port
        func get(_ hostLine: String, version: String = "1.1") throws -> RawHTTPResponse {
            let client = try RawHTTPClient(port: port)
            try client.send("GET /health HTTP/\(version)\r\n\(hostLine)Connection: close\r\n\r\n")
            return try client.readResponse()
        }
        let refused = try get("Host: evil.example:\(port)\r\n")
        #expect(refused.status == 403)
        let body = try JSON.parse(refused.body)
        #expect(body["status"] == 403)
        #expect(body["name"] == "Forbidden")
        #expect(body["message"]?.stringValue?.contains("--allowed-host evil.example") == true)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "dev.example:\(port)"] {
            #expect(try get("Host: \(host)\r\n").status == 200, "\(host)")
        }
        #expect(try get("", version: "1.0").status == 200)  // HTTP/1.0 without Host
        // A body behind a foreign Host is refused from the head, before it is read.
        let client = try RawHTTPClient(port: port)
        try client.send(
            "POST /_console/session HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n"
                + "Content-Length: 100\r\n\r\n{")
        #expect(try client.readResponse().status == 403)
        // Every route, the console's sign-in and the stand-ins included.
        let signIn = try RawHTTPClient(port: port)
        let json = #"{"key":"hostcheck00000000000000001"}"#
        try signIn.send(
            "POST /_console/session HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
        let answer = try signIn.readResponse()
        #expect(answer.status == 403)
        #expect(answer.headers["Set-Cookie"] == nil)
    }
}
