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
    /// Works on UTF-8 bytes: every delimiter is ASCII, and this runs once per request.
    init?(parsing target: String) {
        var rest = Substring(target).utf8
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        if rest.elementsEqual("*".utf8) {
            self.init(rawPath: "*", rawQuery: "")
            return
        }
        if rest.first != UInt8(ascii: "/") {
            guard let absolute = Self.pathOfAbsoluteForm(Substring(rest)) else { return nil }
            rest = Substring(absolute).utf8
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            self.init(
                rawPath: String(Substring(rest[..<question])),
                rawQuery: String(Substring(rest[rest.index(after: question)...])))
        } else {
            self.init(rawPath: String(Substring(rest)), rawQuery: "")
        }
    }

    /// `http://host/a?b` → `/a?b` (`/` added when the path is empty); nil for other schemes.
    private static func pathOfAbsoluteForm(_ rest: Substring) -> String? {
        guard let schemeEnd = rest.firstRange(of: "://"), isHTTPScheme(rest[..<schemeEnd.lowerBound])
        else { return nil }
        let afterAuthority = rest[schemeEnd.upperBound...]
        let pathStart = afterAuthority.firstIndex { $0 == "/" || $0 == "?" }
        let path = pathStart.map { String(afterAuthority[$0...]) } ?? ""
        return path.hasPrefix("/") ? path : "/" + path
    }

    private static func isHTTPScheme(_ scheme: Substring) -> Bool {
        let lower = scheme.lowercased()
        return lower == "http" || lower == "https"
    }
}
