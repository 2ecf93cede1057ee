import ArgumentParser
import Testing

@testable import restlite

/// `restlite health`'s URL rules, without a server.
@Suite struct HealthCommandTests {
    @Test func theDefaultURLFollowsRestlitePort() {
        #expect(HealthCommand.defaultURL(environment: [:]) == "http://127.0.0.1:8080/health")
        #expect(
            HealthCommand.defaultURL(environment: ["RESTLITE_PORT": "9000"]) == "http://127.0.0.1:9000/health"
        )
        #expect(
            HealthCommand.defaultURL(environment: ["RESTLITE_PORT": "0"]) == "http://127.0.0.1:8080/health")
        #expect(
            HealthCommand.defaultURL(environment: ["RESTLITE_PORT": "x"]) == "http://127.0.0.1:8080/health")
    }

    @Test(arguments: [
        "https://127.0.0.1:8080/health", "http://:80/", "http://host:0/", "http://host:99999/", "ftp://x",
    ])
    func badURLsAreRefused(url: String) {
        #expect(throws: (any Error).self) { try HealthCommand.parse(["--url", url]) }
    }

    @Test func goodURLsAndTimeoutsParse() throws {
        for url in ["http://127.0.0.1:8080/health", "http://[::1]:9000/health", "http://localhost/health"] {
            _ = try HealthCommand.parse(["--url", url])
        }
        #expect(throws: (any Error).self) { try HealthCommand.parse(["--timeout", "0"]) }
    }
}
