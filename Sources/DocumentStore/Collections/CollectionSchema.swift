/// One field of a collection's schema.
public struct FieldSchema: Sendable, Hashable {
    public var name: String
    public var type: FieldType
    public var required: Bool
    public var unique: Bool

    public init(name: String, type: FieldType, required: Bool = false, unique: Bool = false) {
        self.name = name
        self.type = type
        self.required = required
        self.unique = unique
    }

    /// `{"name":...,"type":...,"required":...,"unique":...}`, the `_meta` shape.
    public var json: JSONValue {
        .object([
            "name": .string(name), "type": .string(type.rawValue), "required": .bool(required),
            "unique": .bool(unique),
        ])
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
            return FieldSchema(name: name, type: try type(named: typeName, field: name))
        }
        guard let fieldName = name ?? value["name"]?.stringValue, !fieldName.isEmpty else {
            throw .badRequest("Every schema field needs a \"name\" (text).")
        }
        guard let typeName = value["type"]?.stringValue else {
            throw .badRequest("Schema field '\(fieldName)' needs a \"type\" such as \"text\" or \"number\".")
        }
        return FieldSchema(
            name: fieldName, type: try type(named: typeName, field: fieldName),
            required: value["required"]?.boolValue ?? false, unique: value["unique"]?.boolValue ?? false)
    }

    private static func type(named name: String, field: String) throws(StoreError) -> FieldType {
        guard let type = FieldType(name: name) else {
            let known = FieldType.allCases.map(\.rawValue).joined(separator: ", ")
            throw .badRequest("Schema field '\(field)' has unknown type '\(name)'; use one of \(known).")
        }
        return type
    }
}
