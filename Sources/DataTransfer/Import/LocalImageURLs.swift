/// Photo URLs of the picture services the course data uses, pointed at a restlite server's
/// stand-ins instead, so an app loads every photo offline (`--local-images` of `serve` and
/// `import`):
///
/// | stored | becomes |
/// |---|---|
/// | `http://dummyimage.com/122x217.bmp/ff4444/ffffff` | `<base>/dummyimage/122x217.bmp/ff4444/ffffff` |
/// | `https://placekitten.com/300/200` | `<base>/placekitten/300/200` |
/// | `https://cdn2.thecatapi.com/images/<id>.jpg` | `<base>/thecatapi/images/<catalogue file>` |
///
/// Any other text stays as it is. The catalogue file of a cat-picture id is the stand-in's to
/// say (it knows which ids and extensions it serves), so it comes in as a function.
///
/// ```swift
/// let local = LocalImageURLs(base: "http://127.0.0.1:8080") { id in id + ".jpg" }
/// local.rewrite("https://placekitten.com/300/200")  // http://127.0.0.1:8080/placekitten/300/200
/// ```
public struct LocalImageURLs: Sendable {
    /// Scheme, host and port of the server, without a trailing slash.
    public let base: String
    let catalogueFile: @Sendable (_ imageID: String) -> String

    public init(base: String, catalogueFile: @escaping @Sendable (_ imageID: String) -> String) {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        self.base = String(trimmed)
        self.catalogueFile = catalogueFile
    }

    /// `text` pointed at the stand-ins when it is a URL of one of the three services.
    public func rewrite(_ text: String) -> String {
        guard let (host, path) = Self.split(text) else { return text }
        switch host {
        case "dummyimage.com", "www.dummyimage.com":
            return base + "/dummyimage" + path
        case "placekitten.com", "www.placekitten.com":
            return base + "/placekitten" + path
        case "cdn2.thecatapi.com":
            let prefix = "/images/"
            guard path.hasPrefix(prefix) else { return text }
            var name = path.dropFirst(prefix.count)
            if let end = name.firstIndex(where: { $0 == "?" || $0 == "#" }) { name = name[..<end] }
            let id = name.firstIndex(of: ".").map { name[..<$0] } ?? name
            guard !id.isEmpty, !id.contains("/") else { return text }
            return base + "/thecatapi/images/" + catalogueFile(String(id))
        default:
            return text
        }
    }

    /// The lowercased host and the path (with any query) of an `http` or `https` URL whose
    /// path is not empty; nil for anything else.
    static func split(_ text: String) -> (host: String, path: Substring)? {
        let lowered = text.prefix(8).lowercased()
        let scheme = lowered.hasPrefix("https://") ? 8 : (lowered.hasPrefix("http://") ? 7 : 0)
        guard scheme > 0 else { return nil }
        let rest = text.dropFirst(scheme)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        var host = rest[..<slash].lowercased()
        if host.hasSuffix(":80") { host.removeLast(3) } else if host.hasSuffix(":443") { host.removeLast(4) }
        let path = rest[slash...]
        guard path.count > 1 else { return nil }
        return (host, path)
    }
}
