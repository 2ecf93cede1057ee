import PlatformSupport

/// Serialises the head of a response: status line, the server's own fields, the handler's.
///
/// Every answer the server sends (handlers', streams', the parser's and router's errors, the
/// 503 and 408 refusals) goes through `serialize`, so `X-Content-Type-Options: nosniff` is
/// written here once: no body is ever read by a browser as another type than the one declared.
enum HTTPResponseHead {
    /// The head bytes. The fixed parts are string literals, read in place: a static array would
    /// be retained and released by every response, a reference count that every core writes.
    /// `Content-Length` is always the body's length (also for HEAD, whose body
    /// is not sent); 1xx, 204 and 304 carry none (RFC 9110 §8.6).
    static func serialize(
        _ response: HTTPResponse, keepAlive: Bool, version: HTTPVersion, date: [UInt8], serverName: String
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(160 + response.headers.count * 40)
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        DecimalDigits.append(Int64(response.status.code), to: &out)
        out.append(UInt8(ascii: " "))
        out.append(contentsOf: response.status.reason.utf8)
        out.append(contentsOf: "\r\nDate: ".utf8)
        out.append(contentsOf: date)
        out.append(contentsOf: "\r\n".utf8)
        if !response.headers.contains("Server") {
            out.append(contentsOf: "Server: ".utf8)
            out.append(contentsOf: serverName.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        out.append(contentsOf: "X-Content-Type-Options: nosniff\r\n".utf8)
        for field in response.headers where !isServerOwned(field.name) {
            out.append(contentsOf: field.name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: field.value.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        let code = response.status.code
        if code >= 200 && code != 204 && code != 304 && response.stream == nil {
            out.append(contentsOf: "Content-Length: ".utf8)
            DecimalDigits.append(Int64(response.bodyCount), to: &out)
            out.append(contentsOf: "\r\n".utf8)
        }
        if !keepAlive {
            out.append(contentsOf: "Connection: close\r\n".utf8)
        } else if version == .http1_0 {
            out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        out.append(contentsOf: "\r\n".utf8)
        return out
    }

    /// The interim answer to `Expect: 100-continue`.
    static let continueHead: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Framing, connection and sniffing fields belong to the server, whatever the handler set.
    private static func isServerOwned(_ name: String) -> Bool {
        HTTPHeaders.equalIgnoringCase(name, "Content-Length")
            || HTTPHeaders.equalIgnoringCase(name, "Transfer-Encoding")
            || HTTPHeaders.equalIgnoringCase(name, "Connection")
            || HTTPHeaders.equalIgnoringCase(name, "Date")
            || HTTPHeaders.equalIgnoringCase(name, "X-Content-Type-Options")
    }
}
