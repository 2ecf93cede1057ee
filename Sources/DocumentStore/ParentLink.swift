import DocumentJSON

/// The parent a child document belongs to: the parent's collection and `_id`, and the `child`
/// field of the parent's schema that holds the child collection.
///
/// A child is an ordinary document of the child collection whose body carries the link as three
/// fields, named as restdb names them: `_parent_id` (the parent's `_id`), `_parent_def` (the
/// parent's collection) and `_parent_field` (the child field). The store indexes `_parent_id`
/// in every collection that receives children, so a parent's children are one index lookup.
///
/// ```swift
/// let link = ParentLink(collection: "a3cats", id: catID, field: "visits")
/// try store.insertChildren([["vet": "Dr. Who"]], of: link, into: "a3cats-visits")
/// let visits = try store.find(FindRequest(collection: "a3cats-visits", query: link.query))
/// ```
public struct ParentLink: Sendable, Hashable {
    public static let idKey = "_parent_id"
    public static let collectionKey = "_parent_def"
    public static let fieldKey = "_parent_field"
    /// The three link fields, which a child's writes may not change.
    public static let keys: Set<String> = [idKey, collectionKey, fieldKey]

    /// The parent's collection.
    public var collection: String
    /// The parent's `_id`.
    public var id: String
    /// The parent schema's `child` field.
    public var field: String

    public init(collection: String, id: String, field: String) {
        self.collection = collection
        self.id = id
        self.field = field
    }

    /// `{"_parent_id":...,"_parent_def":...,"_parent_field":...}`: the query that selects this
    /// parent's children of this field.
    public var query: JSONValue {
        .object(fields)
    }

    /// The three link fields as a JSON object.
    public var fields: JSONObject {
        [Self.idKey: .string(id), Self.collectionKey: .string(collection), Self.fieldKey: .string(field)]
    }

    /// True when `object` (a child's fields) links to this parent.
    public func isParent(of object: JSONObject) -> Bool {
        object[Self.idKey] == .string(id) && object[Self.collectionKey] == .string(collection)
            && object[Self.fieldKey] == .string(field)
    }

    /// Writes the link into `object`, replacing whatever link fields it had.
    package func stamp(_ object: inout JSONObject) {
        for member in fields { object[member.key] = member.value }
    }
}
