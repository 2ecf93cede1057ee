#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One API key and what it may do: a full-access key may do everything; a scoped key (restdb's
/// "web page" or CORS key) is limited to its methods, a path glob matched after `/rest`, and
/// optionally a list of origins.
public struct APIKey: Sendable, Hashable, Codable {
    public var key: String
    public var full: Bool
    /// Upper-case method names; empty means every method.
    public var methods: [String]
    /// Glob over the path after `/rest`, such as `/a3cats/**`; nil means every path.
    public var path: String?
    /// Allowed `Origin` values; empty means any origin (or none).
    public var origins: [String]
    public var created: String?
    public var note: String?

    public init(
        key: String, full: Bool, methods: [String] = [], path: String? = nil, origins: [String] = [],
        created: String? = nil, note: String? = nil
    ) {
        self.key = key
        self.full = full
        self.methods = methods.map { $0.uppercased() }
        self.path = path
        self.origins = origins
        self.created = created
        self.note = note
    }

    /// A fresh random key: 24 lowercase hex characters, the length of restdb's keys.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<24).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// Whether this key allows `method` on `path` (the path after `/rest`) from `origin`.
    public func permits(method: String, path requestPath: String, origin: String?) -> Bool {
        scopeRefusal(method: method, path: requestPath, origin: origin) == nil
    }

    /// The same key in strings and arrays of its own (new storage, not shared with `self`).
    var ownCopy: APIKey {
        func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        return APIKey(
            key: fresh(key), full: full, methods: methods.map(fresh), path: path.map(fresh),
            origins: origins.map(fresh), created: created.map(fresh), note: note.map(fresh))
    }

    fileprivate static func sameOrigin(_ allowed: String, _ origin: String) -> Bool {
        if allowed == "*" { return true }
        let trim: (String) -> String = { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        return trim(allowed).lowercased() == trim(origin).lowercased()
    }
}

extension APIKey {
    /// A one-line summary for `restlite keys list`, with the key itself shown in full.
    public var summary: String {
        let noteText = note.map { "  (\($0))" } ?? ""
        if full { return "\(key)  full    methods all  path /**  origins any" + noteText }
        let methodText = methods.isEmpty ? "all" : methods.joined(separator: ",")
        let originText = origins.isEmpty ? "any" : origins.joined(separator: ",")
        return "\(key)  scoped  methods \(methodText)  path \(path ?? "/**")  origins \(originText)"
            + noteText
    }
}

extension APIKey {
    /// Why this key does not allow `method` on `path` from `origin`, as the end of a sentence
    /// ("it allows only GET"); nil when it does. The first part of the scope that refuses is
    /// named, so a request without an `Origin` header is not told about origins when its
    /// method was the problem.
    public func scopeRefusal(method: String, path requestPath: String, origin: String?) -> String? {
        if full { return nil }
        if !methods.isEmpty, !methods.contains(method.uppercased()) {
            return "it allows only \(methods.joined(separator: ", "))"
        }
        if let path, !PathGlob(path).matches(requestPath) {
            return "its path is \(path)"
        }
        guard !origins.isEmpty else { return nil }
        let allowed = origins.joined(separator: ", ")
        guard let origin else {
            return "it only works from the origin \(allowed) and the request has no Origin header "
                + "(a browser sends one; curl needs -H 'Origin: \(origins[0])')"
        }
        if origins.contains(where: { Self.sameOrigin($0, origin) }) { return nil }
        return "it only works from the origin \(allowed), not \(origin)"
    }
}
