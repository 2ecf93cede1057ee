import DocumentJSON
import DocumentStore
import Foundation
import RestLiteTesting
import SocketHTTP

/// Sends a collection's requests the way Postman's Collection Runner does: `{{variables}}`
/// resolved, the URL percent-encoded by Postman's rules, Postman's default headers, one
/// keep-alive connection, and collection variables captured from each answer by the
/// `pm.collectionVariables.set("NAME", pm.response.json().PATH)` lines of the test script.
final class PostmanRunner {
    enum Failure: Error, CustomStringConvertible {
        case unresolved(String)
        case notOnServer(String)
        case uninterpretedScript(String)
        case missingValue(String)

        var description: String {
            switch self {
            case .unresolved(let text): "unresolved variable in \(text)"
            case .notOnServer(let url): "\(url) does not start with {{baseUrl}}"
            case .uninterpretedScript(let line): "cannot interpret script line: \(line)"
            case .missingValue(let line): "the answer has no value for: \(line)"
            }
        }
    }

    private(set) var variables: [String: String]
    private let baseURL: String
    private let port: Int
    private var client: RawHTTPClient?

    init(port: Int, apikey: String) {
        self.port = port
        baseURL = "http://127.0.0.1:\(port)"
        variables = ["baseUrl": baseURL, "apikey": apikey]
    }

    /// Sends one request and applies its variable captures to the answer.
    func run(_ item: PostmanItem) throws -> RawHTTPResponse {
        let url = try resolve(item.rawURL ?? "")
        guard url.hasPrefix(baseURL) else { throw Failure.notOnServer(url) }
        let body = Array(try resolve(item.body ?? "").utf8)
        var head = "\(item.method ?? "GET") \(Self.encode(String(url.dropFirst(baseURL.count)))) HTTP/1.1\r\n"
        head += "Host: 127.0.0.1:\(port)\r\n"
        for (name, value) in item.headers { head += "\(name): \(try resolve(value))\r\n" }
        head += Self.postmanHeaders
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        let response = try send(Array((head + "\r\n").utf8) + body)
        try capture(item.testScript, from: response)
        return response
    }

    /// Replaces every `{{name}}`; a name with no value is an error (Postman would send it as is).
    func resolve(_ text: String) throws -> String {
        var result = text
        for (name, value) in variables {
            result = result.replacingOccurrences(of: "{{\(name)}}", with: value)
        }
        if result.contains("{{") { throw Failure.unresolved(result) }
        return result
    }

    /// Postman encodes what a URL may not hold (WHATWG query set: controls, space, `"`, `#`,
    /// `'`, `<`, `>`, non-ASCII) and leaves `{`, `}`, `$`, `+`, `:` and existing `%XX` alone,
    /// so a hand-typed `q={"rating":+4}` reaches the server with its `+`.
    static func encode(_ target: String) -> String {
        var encoded = ""
        for byte in target.utf8 {
            if byte <= 0x20 || byte >= 0x7F || escaped.contains(byte) {
                encoded += String(format: "%%%02X", byte)
            } else {
                encoded += String(UnicodeScalar(byte))
            }
        }
        return encoded
    }

    /// `"`, `#`, `'`, `<`, `>`.
    private static let escaped: Set<UInt8> = [0x22, 0x23, 0x27, 0x3C, 0x3E]

    /// What Postman adds to every request it sends.
    private static let postmanHeaders =
        "User-Agent: PostmanRuntime/7.39.0\r\nAccept: */*\r\nCache-Control: no-cache\r\n"
        + "Postman-Token: \(UUID().uuidString.lowercased())\r\nAccept-Encoding: gzip, deflate, br\r\n"
        + "Connection: keep-alive\r\n"

    private func send(_ bytes: [UInt8]) throws -> RawHTTPResponse {
        let connection = try client ?? RawHTTPClient(port: port)
        client = connection
        try connection.send(bytes)
        let response = try connection.readResponse()
        if response.headers["Connection"]?.lowercased() == "close" { client = nil }
        return response
    }

    private func capture(_ script: [String], from response: RawHTTPResponse) throws {
        for line in script where line.contains("pm.collectionVariables.set(") {
            let pattern =
                #/pm\.collectionVariables\.set\(\s*"(?<name>[^"]+)"\s*,\s*pm\.response\.json\(\)(?<path>(?:\.[A-Za-z_$][\w$]*|\[\d+\])*)\s*\)/#
            guard let match = line.firstMatch(of: pattern) else { throw Failure.uninterpretedScript(line) }
            let json = try JSON.parse(response.body)
            guard let value = Self.value(at: String(match.output.path), in: json) else {
                throw Failure.missingValue(line)
            }
            variables[String(match.output.name)] = value.stringValue ?? value.serialized()
        }
    }

    /// Follows a JavaScript accessor path such as `[0]._id`.
    static func value(at path: String, in json: JSONValue) -> JSONValue? {
        var current: JSONValue? = json
        for step in path.matches(of: #/\.(?<key>[A-Za-z_$][\w$]*)|\[(?<index>\d+)\]/#) {
            if let key = step.output.key {
                current = current?[String(key)]
            } else if let index = step.output.index.flatMap({ Int($0) }) {
                current = current?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
        }
        return current
    }
}
