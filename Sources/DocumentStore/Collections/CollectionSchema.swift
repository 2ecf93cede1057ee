import DocumentJSON

/// One field of a collection's schema.
public struct FieldSchema: Sendable, Hashable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    public var unique: Bool
    /// For a `child` field: the collection its children are stored in; nil for other types.
    public var collection: String?

    public init(
        name: String, type: FieldType, required: Bool = false, unique: Bool = false, collection: String? = nil
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.unique = unique
        self.collection = collection
    }

    /// `{"name":...,"type":...,"required":...,"unique":...}`, the `_meta` shape; a `child`
    /// field adds `"collection":...`.
    public var json: JSONValue {
        var object: JSONObject = [
            "name": .string(name), "type": .string(type.rawValue), "required": .bool(required),
            "unique": .bool(unique),
        ]
        if let collection { object["collection"] = .string(collection) }
        return .object(object)
    }
}

/// A collection's optional schema: typed fields, some required or unique. Fields not listed
/// are accepted as they are.
public struct CollectionSchema: Sendable, Hashable {
    public var fields: [FieldSchema]

    public init(fields: [FieldSchema]) {
        self.fields = fields
    }

    public func field(named name: String) -> FieldSchema? {
        fields.first { $0.name == name }
    }

    /// The `child` fields, each naming the collection its children live in.
    public var childFields: [FieldSchema] {
        fields.filter { $0.type == .child && $0.collection != nil }
    }

    /// `{"fields":[{"name":...,"type":...,"required":...,"unique":...}, ...]}`.
    public var json: JSONValue {
        .object(["fields": .array(fields.map(\.json))])
    }

    /// Reads a schema from `{"fields":[{"name":"age","type":"number",...}, ...]}` or from
    /// `{"fields":{"age":"number","name":{"type":"text","required":true}}}`. Types may be
    /// restdb aliases (`datetime`, `email`, `money`, ...).
    public init(json: JSONValue) throws(StoreError) {
        switch json["fields"] {
        case .array(let items):
            fields = try items.map { item throws(StoreError) in try Self.field(from: item, name: nil) }
        case .object(let members):
            fields = try members.map { member throws(StoreError) in
                try Self.field(from: member.value, name: member.key)
            }
        default:
            throw .badRequest(
                "A schema needs a \"fields\" array such as [{\"name\":\"age\",\"type\":\"number\"}].")
        }
        var seen = Set<String>()
        for field in fields where !seen.insert(field.name).inserted {
            throw .badRequest("The schema lists field '\(field.name)' twice; list each field once.")
        }
    }

    private static func field(from value: JSONValue, name: String?) throws(StoreError) -> FieldSchema {
        if let name, case .string(let typeName) = value {
            let type = try type(named: typeName, field: name)
            if type == .child { _ = try childCollection(of: .null, type: type, field: name) }
            return FieldSchema(name: name, type: type)
        }
        guard let fieldName = name ?? value["name"]?.stringValue, !fieldName.isEmpty else {
            throw .badRequest("Every schema field needs a \"name\" (text).")
        }
        guard let typeName = value["type"]?.stringValue else {
            throw .badRequest("Schema field '\(fieldName)' needs a \"type\" such as \"text\" or \"number\".")
        }
        let type = try type(named: typeName, field: fieldName)
        return FieldSchema(
            name: fieldName, type: type, required: value["required"]?.boolValue ?? false,
            unique: value["unique"]?.boolValue ?? false,
            collection: try childCollection(of: value, type: type, field: fieldName))
    }

    /// A `child` field's `"collection"`: required, and a valid collection name.
    private static func childCollection(of value: JSONValue, type: FieldType, field: String)
        throws(StoreError)
        -> String?
    {
        guard type == .child else { return nil }
        guard let name = value["collection"]?.stringValue, !name.isEmpty else {
            throw .badRequest(
                "Child field '\(field)' needs a \"collection\" naming the collection its children are "
                    + "stored in, such as {\"name\":\"visits\",\"type\":\"child\",\"collection\":\"a3cats-visits\"}."
            )
        }
        try CollectionName.validate(name)
        return name
    }

    private static func type(named name: String, field: String) throws(StoreError) -> FieldType {
        guard let type = FieldType(name: name) else {
            let known = FieldType.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("Schema field '\(field)' has unknown type '\(name)'; use one of \(known).")
        }
        return type
    }
}
