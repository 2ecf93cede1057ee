/// The rule for collection names: 1 to 64 ASCII letters, digits, `-` or `_`, and not a name
/// the REST API uses for itself (`_meta`: `GET /rest/_meta` lists the collections).
public enum CollectionName {
    /// Names that fit the rule's characters but belong to the API's own routes.
    public static let reserved: Set<String> = ["_meta"]

    public static func isValid(_ name: String) -> Bool {
        guard !reserved.contains(name) else { return false }
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        return bytes.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Throws `invalidCollectionName` unless `isValid(name)`.
    public static func validate(_ name: String) throws(StoreError) {
        guard isValid(name) else { throw .invalidCollectionName(name) }
    }
}
