#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension KeyFile {
    /// Adds a key to the data folder's key file and returns it. With no `methods`, `path` or
    /// `origins` the key has full access; with any of them it is scoped.
    ///
    /// ```swift
    /// let key = try KeyFile.addKey(inDataFolder: folder, methods: ["GET"], path: "/a3cats/**")
    /// ```
    @discardableResult
    public static func addKey(
        inDataFolder folder: URL, key: String? = nil, full: Bool = false, methods: [String] = [],
        path: String? = nil, origins: [String] = [], note: String? = nil
    ) throws -> APIKey {
        let entry = try makeKey(
            key: key, full: full, methods: methods, path: path, origins: origins, note: note)
        try KeyFileSource(url: KeyFile.url(inDataFolder: folder)).add(entry)
        return entry
    }

    /// A new key's entry, checked: with no `methods`, `path` or `origins` it has full access;
    /// with any of them it is scoped. `key` nil draws a random one.
    public static func makeKey(
        key: String? = nil, full: Bool = false, methods: [String] = [], path: String? = nil,
        origins: [String] = [], note: String? = nil
    ) throws -> APIKey {
        let scoped = !methods.isEmpty || path != nil || !origins.isEmpty
        if full && scoped {
            throw KeyEditError(
                "--full gives every right; leave out --methods, --path and --origin, or drop --full")
        }
        if let path, !path.hasPrefix("/") {
            throw KeyEditError("a key's path is matched after /rest and starts with '/', as in /a3cats/**")
        }
        // No collection, media or realtime path holds one, so such a scope could allow nothing.
        if let path, path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw KeyEditError(
                "a key's path cannot hold a control character (U+0000 to U+001F, U+007F): no path it is"
                    + " matched against has one")
        }
        // HEAD is checked as GET and OPTIONS (a preflight) needs no key, so neither is a right.
        let known: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]
        if let bad = methods.first(where: { !known.contains($0.uppercased()) }) {
            let why =
                switch bad.uppercased() {
                case "HEAD": "HEAD is allowed wherever GET is"
                case "OPTIONS": "OPTIONS (a CORS preflight) needs no key"
                default: "unknown method \(bad)"
                }
            throw KeyEditError("\(why); use GET, POST, PUT, PATCH or DELETE")
        }
        for origin in origins { try validateOrigin(origin) }
        let value = key ?? APIKey.generate()
        try validateKeyText(value)
        let created = Date().formatted(.iso8601)
        return APIKey(
            key: value, full: !scoped, methods: methods, path: path, origins: origins, created: created,
            note: note)
    }

    /// Removes a key; returns false when it was not there.
    @discardableResult
    public static func removeKey(_ key: String, inDataFolder folder: URL) throws -> Bool {
        try KeyFileSource(url: KeyFile.url(inDataFolder: folder)).remove(key)
    }

    /// A browser's `Origin` header is `scheme://host[:port]` (or `null`), so an allowed origin
    /// without a scheme, or with a path, could never match; `*` allows any origin.
    static func validateOrigin(_ origin: String) throws {
        if origin == "*" || origin == "null" { return }
        guard let separator = origin.firstRange(of: "://") else {
            throw KeyEditError(
                "--origin \(origin) has no scheme, so no browser's Origin header can match it; "
                    + "write it as a browser sends it, such as http://\(origin)")
        }
        let scheme = origin[..<separator.lowerBound]
        var rest = origin[separator.upperBound...]
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        let schemeIsValid =
            scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        guard schemeIsValid, !rest.isEmpty, !rest.contains("/"), !rest.contains(where: { $0.isWhitespace })
        else {
            throw KeyEditError(
                "--origin \(origin) is not an origin a browser sends; an origin is scheme://host[:port] "
                    + "without a path, such as http://localhost:3000")
        }
    }

    /// Keys travel in headers and URLs, so they are printable ASCII without spaces.
    package static func validateKeyText(_ key: String) throws {
        let allowed = key.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "&") }
        guard !key.isEmpty, key.utf8.count <= 256, allowed else {
            throw KeyEditError("a key is 1 to 256 printable characters without spaces or '&'")
        }
    }
}

/// A `restlite keys` request that cannot be carried out, with what to do instead.
public struct KeyEditError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
