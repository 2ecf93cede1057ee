import DocumentJSON
import DocumentStore

/// Points the photo URLs already stored in a data folder at `restlite serve`'s stand-ins, or
/// back at the real services: what `--local-images` does to a first seed, for a folder that was
/// seeded without it (`restlite photos local`, `restlite photos remote`).
///
/// ```swift
/// let changed = try PhotoURLSwitch.apply(to: store, .local(StandInRoutes.localImageURLs(base: base)))
/// ```
public enum PhotoURLSwitch: Sendable {
    /// URLs of dummyimage.com, placekitten.com and cdn2.thecatapi.com become URLs of the
    /// stand-ins under this base (stand-in URLs under another base are moved to this one).
    case local(LocalImageURLs)
    /// Stand-in URLs (under any base) become the services' own URLs again.
    case remote

    /// How many documents and text values changed.
    public struct Outcome: Sendable, Equatable {
        public var documents = 0
        public var values = 0
    }

    /// Rewrites every text value, at any depth, of every document of `collections` (every
    /// collection when nil), on either engine. Documents that hold no such URL are not touched.
    @discardableResult
    public static func apply(
        to store: some DocumentEngine, _ direction: PhotoURLSwitch, collections: [String]? = nil
    )
        throws -> Outcome
    {
        var outcome = Outcome()
        for name in collections ?? store.collectionNames() {
            var changes: [(id: String, fields: JSONObject)] = []
            try store.forEachDocument(in: name) { document in
                var fields = JSONObject()
                for member in document.object() where !member.key.hasPrefix("_") {
                    var count = 0
                    let rewritten = direction.rewrite(member.value, count: &count)
                    if count > 0 {
                        fields[member.key] = rewritten
                        outcome.values += count
                    }
                }
                if !fields.isEmpty { changes.append((document.id, fields)) }
            }
            for change in changes {
                _ = try store.update(change.id, in: name, with: change.fields, actor: "restlite photos")
            }
            outcome.documents += changes.count
        }
        return outcome
    }

    func rewrite(_ value: JSONValue, count: inout Int) -> JSONValue {
        switch value {
        case .string(let text):
            let changed = rewrite(text)
            if changed != text { count += 1 }
            return .string(changed)
        case .array(let items):
            return .array(items.map { rewrite($0, count: &count) })
        case .object(let object):
            var copy = object
            for member in object { copy[member.key] = rewrite(member.value, count: &count) }
            return .object(copy)
        default:
            return value
        }
    }

    func rewrite(_ text: String) -> String {
        switch self {
        case .remote: LocalImageURLs.original(text)
        case .local(let urls): urls.rewrite(LocalImageURLs.original(text))
        }
    }
}

extension LocalImageURLs {
    /// The service URL a stand-in URL stands for (`http://127.0.0.1:8080/dummyimage/100x100.png`
    /// -> `http://dummyimage.com/100x100.png`), whatever its base; other text as it is.
    public static func original(_ text: String) -> String {
        guard let (_, path) = split(text) else { return text }
        let services = [
            ("/dummyimage/", "http://dummyimage.com/"), ("/placekitten/", "http://placekitten.com/"),
            ("/thecatapi/images/", "https://cdn2.thecatapi.com/images/"),
        ]
        for (prefix, origin) in services where path.hasPrefix(prefix) {
            return origin + path.dropFirst(prefix.count)
        }
        return text
    }
}
