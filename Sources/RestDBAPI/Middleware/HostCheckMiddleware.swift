import SocketHTTP

/// Refuses requests whose `Host` names another site, so a web page elsewhere cannot reach a
/// server on the loopback address through DNS rebinding (its name re-pointed at 127.0.0.1,
/// its requests then carry its own name as `Host`). Outermost, before the console's session
/// and every route: a refused request meets nothing else. Requests without `Host` (HTTP/1.0)
/// pass: a browser always sends one.
struct HostCheckMiddleware: HTTPMiddleware {
    let allowed: HostAllowList

    /// One worker's check, with a set of names in storage of its own (`HTTPMiddleware.replica()`).
    func replica() -> any HTTPMiddleware {
        HostCheckMiddleware(allowed: HostAllowList(names: Array(allowed.names)))
    }

    func handle(_ request: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse) throws -> HTTPResponse {
        if let refusal = refusal(request) { return refusal }
        return try next(request)
    }

    func handleHead(_ head: HTTPRequest, next: (HTTPRequest) throws -> HTTPResponse?) throws -> HTTPResponse?
    {
        if let refusal = refusal(head) { return refusal }
        return try next(head)
    }

    private func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.headers["Host"], !host.isEmpty, !allowed.admits(hostHeader: host) else {
            return nil
        }
        var response = RestError(.forbidden, HostAllowList.refusalMessage(host)).httpResponse()
        CORSMiddleware.decorate(&response, origin: request.headers["Origin"])
        return response
    }
}

/// The `Host` names a server on a loopback address answers to: loopback names (`localhost` and
/// its subdomains, `127.x.x.x`, `[::1]`), the `--public-url` host and the `--allowed-host`
/// names, each with any port. `*` among the names admits every host.
public struct HostAllowList: Sendable, Equatable {
    /// Lowercased names without port or trailing dot; IPv6 literals keep their brackets.
    public let names: Set<String>

    /// `*` is among the names.
    private let admitsEveryHost: Bool

    public init(names: [String]) {
        self.names = Set(names.map { Self.hostName(of: $0) }.filter { !$0.isEmpty })
        admitsEveryHost = self.names.contains("*")
    }

    /// Whether a `Host` header value names this server.
    public func admits(hostHeader: String) -> Bool {
        if admitsEveryHost || Self.isPlainLoopback(hostHeader) { return true }
        let name = Self.hostName(of: hostHeader)
        return Self.isLoopbackName(name) || names.contains(name)
    }

    /// `127.0.0.1` or `localhost`, with or without a port: what nearly every request on a
    /// developer's machine sends, recognised from its bytes without building a string. False
    /// leaves the answer to the full check.
    static func isPlainLoopback(_ host: String) -> Bool {
        // A native string's bytes lie together: read in place (every request comes here). A
        // bridged one is made native first.
        if let plain = host.utf8.withContiguousStorageIfAvailable(isPlainLoopback(bytes:)) { return plain }
        var native = host
        native.makeContiguousUTF8()
        return native.utf8.withContiguousStorageIfAvailable(isPlainLoopback(bytes:)) ?? false
    }

    private static func isPlainLoopback(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = bytes.count
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            guard colon + 1 < bytes.count,
                bytes[(colon + 1)...].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return false }
            end = colon
        }
        let name = UnsafeBufferPointer(rebasing: bytes[..<end])
        return equals(name, "127.0.0.1") || equals(name, "localhost")
    }

    /// Compares with a literal's bytes in place: a static array would be retained by every
    /// request, a reference count that both cores write.
    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `localhost`, `*.localhost` (RFC 6761: always the loopback), `127.0.0.0/8` and `[::1]`.
    static func isLoopbackName(_ name: String) -> Bool {
        if name == "localhost" || name.hasSuffix(".localhost") || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Whether the server listens on a loopback address only (the check then applies).
    public static func isLoopbackAddress(_ host: String) -> Bool {
        isLoopbackName(hostName(of: host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host))
    }

    /// The name of a `Host` value (or a URL's authority): lowercased, without port, userinfo or
    /// trailing dot. `[::1]:8080` → `[::1]`, `Example.COM.:80` → `example.com`.
    static func hostName(of text: String) -> String {
        var value = Substring(text.trimmingBlanks().lowercased())
        if let at = value.lastIndex(of: "@") { value = value[value.index(after: at)...] }
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return String(value) }
            return String(value[...close])
        }
        if let colon = value.firstIndex(of: ":") { value = value[..<colon] }
        while value.hasSuffix(".") { value = value.dropLast() }
        return String(value)
    }

    /// The host of a base URL such as `http://192.168.1.5:8080`.
    package static func hostName(ofURL url: String) -> String {
        var rest = Substring(url)
        for scheme in ["https://", "http://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        return hostName(of: String(rest))
    }

    static func refusalMessage(_ host: String) -> String {
        "This server answers only to its own names, not to Host '\(host)' (a guard against DNS "
            + "rebinding); to reach it by this name, start it with --allowed-host "
            + "\(hostName(of: host)) (or RESTLITE_ALLOWED_HOST)."
    }
}
