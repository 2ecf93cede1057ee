/// The path and query of a request target (RFC 9112 §3.2), before decoding.
struct RequestTarget: Equatable {
    var rawPath: String
    var rawQuery: String

    init(rawPath: String, rawQuery: String) {
        self.rawPath = rawPath
        self.rawQuery = rawQuery
    }

    /// Origin-form (`/a?b`), absolute-form (`http://h/a?b`) or asterisk-form (`*`);
    /// nil for anything else (authority-form is only for CONNECT, which we do not serve).
    init?(parsing target: String) {
        var rest = Substring(target)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if rest == "*" {
            self.init(rawPath: "*", rawQuery: "")
            return
        }
        if !rest.hasPrefix("/") {
            guard let schemeEnd = rest.firstRange(of: "://"),
                Self.isHTTPScheme(rest[..<schemeEnd.lowerBound])
            else { return nil }
            let afterAuthority = rest[schemeEnd.upperBound...]
            let pathStart = afterAuthority.firstIndex { $0 == "/" || $0 == "?" }
            rest = pathStart.map { afterAuthority[$0...] } ?? ""
            if !rest.hasPrefix("/") { rest = "/" + rest }
        }
        if let question = rest.firstIndex(of: "?") {
            self.init(
                rawPath: String(rest[..<question]),
                rawQuery: String(rest[rest.index(after: question)...]))
        } else {
            self.init(rawPath: String(rest), rawQuery: "")
        }
    }

    private static func isHTTPScheme(_ scheme: Substring) -> Bool {
        let lower = scheme.lowercased()
        return lower == "http" || lower == "https"
    }
}
