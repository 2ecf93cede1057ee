import RestLiteTesting
import ServerAssembly
import SocketHTTP
import Testing

/// The tests' `TestAPI` answers through `RestliteApplication.build`, the assembly `restlite serve`
/// and `RestLite.withServer` use: its middleware, its mounts and its HTTP settings, changed only
/// through the same `ServeConfiguration`.
@Suite(.offPool) struct OneAssemblyTests {
    /// `serve` on a loopback address refuses a `Host` that names another site; so does the
    /// in-process API (the hand-built chain it had before left the check out).
    @Test func theTestAPIChecksTheHostLikeServe() throws {
        let api = try TestAPI()
        _ = try api.seedCats(1)
        #expect(api.request(.get, "/rest/a3cats", headers: ["Host": "rebound.example"]).status == .forbidden)
        #expect(api.request(.get, "/rest/a3cats", headers: ["Host": "localhost:8080"]).status == .ok)
        let allowing = try TestAPI { $0.allowedHosts = ["rebound.example"] }
        _ = try allowing.seedCats(1)
        #expect(allowing.request(.get, "/rest/a3cats", headers: ["Host": "rebound.example"]).status == .ok)
    }

    /// `--no-console`, `--no-admin` and `--no-standins` reach the test API as settings, and
    /// their routes and middleware are gone.
    @Test func theMountsFollowTheServeSettings() throws {
        let full = try TestAPI()
        let browser = ["Accept": "text/html", "x-apikey": ""]
        #expect(
            full.request(.get, "/", headers: browser).headers["Content-Type"]?.contains("text/html") == true)
        #expect(full.request(.get, "/_restlite/journal").status == .ok)
        #expect(full.request(.get, "/placekitten/30/20", headers: ["x-apikey": ""]).status == .ok)

        let bare = try TestAPI {
            $0.console = false
            $0.admin = false
            $0.standIns = false
        }
        #expect(bare.console == nil && bare.admin == nil)
        _ = try bare.seedCats(1)
        #expect(
            bare.request(.get, "/", headers: browser).headers["Content-Type"]?.contains("text/html") != true)
        #expect(bare.request(.get, "/_restlite/journal").status == .notFound)
        #expect(bare.request(.get, "/placekitten/30/20", headers: ["x-apikey": ""]).status == .notFound)
        #expect(bare.request(.get, "/rest/a3cats").status == .ok)
    }

    /// The test API's real server takes `serve`'s HTTP settings: a body past `--max-body` is
    /// refused with `serve`'s answer, which names the flag.
    @Test func theTestServerRefusesABigBodyWithServesAnswer() throws {
        let api = try TestAPI { $0.maxBodyBytes = 1024 }
        let server = try api.startServer()
        defer { server.shutdown(grace: .seconds(1)) }
        let client = try RawHTTPClient(port: server.port)
        defer { client.close() }
        try client.send(
            "POST /rest/a3cats HTTP/1.1\r\nHost: 127.0.0.1\r\nx-apikey: \(TestAPI.fullKey)\r\n"
                + "Content-Type: application/json\r\nContent-Length: 4096\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 413)
        #expect(answer.bodyString.contains("--max-body"))
    }
}
