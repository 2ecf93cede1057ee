import ArgumentParser
import PlatformSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `restlite health`: asks a running server's `/health` and exits 0 on a 200, 1 otherwise.
/// The Docker image's HEALTHCHECK, so the image needs no curl.
struct HealthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Exit 0 when a restlite server answers 200 on /health, 1 otherwise.",
        discussion: """
            Without --url it asks http://127.0.0.1:$RESTLITE_PORT/health (port 8080 when \\
            RESTLITE_PORT is unset or 0). Only plain http URLs of the form \\
            http://HOST:PORT/PATH are understood.

            Examples:
              restlite health
              restlite health --url http://127.0.0.1:9000/health --timeout 1
            """
    )

    @Option(help: "The URL to ask. [default http://127.0.0.1:$RESTLITE_PORT/health]")
    var url: String?

    @Option(help: "Seconds to wait for the answer.")
    var timeout: Int = 3

    func validate() throws {
        _ = try target()
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() throws {
        let (host, port, path) = try target()
        do {
            let socket = try TCPSocket(host: host, port: port, timeout: .seconds(timeout))
            defer { socket.close() }
            try socket.send(Array("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
            var received: [UInt8] = []
            while !received.contains(UInt8(ascii: "\n")), try socket.receive(into: &received) {}
            let statusLine = String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
            guard statusLine.split(separator: " ").dropFirst().first == "200" else {
                StandardError.write("unhealthy: \(statusLine.isEmpty ? "no answer" : statusLine)\n")
                throw ExitCode.failure
            }
            print("healthy: \(statusLine)")
        } catch let failure as TCPSocket.Failure {
            StandardError.write("unhealthy: \(host):\(port): \(failure)\n")
            throw ExitCode.failure
        }
    }

    /// Host, port and path of `--url` or of the default.
    private func target() throws -> (host: String, port: Int, path: String) {
        let text = url ?? Self.defaultURL(environment: ProcessInfo.processInfo.environment)
        guard text.hasPrefix("http://") else { throw ValidationError("--url must start with http://") }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count)
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            portText = after.hasPrefix(":") ? after.dropFirst() : nil
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
            portText = nil
        }
        let port: Int? = portText.map { Int($0) } ?? 80
        guard !host.isEmpty, let port, (1...65535).contains(port) else {
            throw ValidationError("--url '\(text)' is not of the form http://HOST:PORT/PATH")
        }
        return (String(host), port, path.isEmpty ? "/" : String(path))
    }

    static func defaultURL(environment: [String: String]) -> String {
        let port = environment["RESTLITE_PORT"].flatMap { Int($0) }.flatMap { $0 == 0 ? nil : $0 } ?? 8080
        return "http://127.0.0.1:\(port)/health"
    }
}
