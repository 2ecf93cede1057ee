#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A collection's fields and their types, from `GET /rest/<coll>/_meta` (and, on a restlite
/// server, set with ``RestDBCollection/setSchema(_:)``).
///
/// ```swift
/// let schema = try await client.collection("a3cats", of: Cat.self).schema()
/// let dateFields = schema.fields.filter { $0.type == "date" }.map(\.name)  // ["birthDate"]
/// ```
public struct Schema: Decodable, Sendable, Equatable {
    /// The collection's name.
    ///
    /// ```swift
    /// schema.name  // "a3cats"
    /// ```
    public let name: String

    /// The fields the schema types, in its order.
    ///
    /// ```swift
    /// schema.fields.map(\.name)  // ["catName", "ownerName", "breedId", "birthDate", ...]
    /// ```
    public let fields: [Field]

    /// One typed field of a ``Schema``.
    ///
    /// ```swift
    /// let rating = schema.fields.first { $0.name == "rating" }  // type "number"
    /// ```
    public struct Field: Decodable, Sendable, Equatable {
        /// The field name.
        ///
        /// ```swift
        /// field.name  // "weightKg"
        /// ```
        public let name: String

        /// restdb's type name: `text`, `number`, `float_number`, `date`, `bool`, `json`, ...
        ///
        /// ```swift
        /// field.type  // "float_number"
        /// ```
        public let type: String

        /// Whether a write must include the field.
        ///
        /// ```swift
        /// if field.required { print("\(field.name) is required") }
        /// ```
        public let required: Bool

        /// Whether two documents may not share a value of the field.
        ///
        /// ```swift
        /// if field.unique { print("\(field.name) is unique") }
        /// ```
        public let unique: Bool

        private enum CodingKeys: String, CodingKey {
            case name, type, required, unique
        }

        /// A field to send with ``RestDBCollection/setSchema(_:)``.
        ///
        /// ```swift
        /// let born = Schema.Field(name: "birthDate", type: "date")
        /// let chip = Schema.Field(name: "chipId", type: "text", required: true, unique: true)
        /// ```
        public init(name: String, type: String, required: Bool = false, unique: Bool = false) {
            self.name = name
            self.type = type
            self.required = required
            self.unique = unique
        }

        /// Decodes a field; `required` and `unique` default to `false` when absent.
        ///
        /// ```swift
        /// let field = try JSONDecoder().decode(Schema.Field.self, from: Data(#"{"name":"a","type":"text"}"#.utf8))
        /// ```
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            type = try container.decode(String.self, forKey: .type)
            required = try container.decodeIfPresent(Bool.self, forKey: .required) ?? false
            unique = try container.decodeIfPresent(Bool.self, forKey: .unique) ?? false
        }
    }
}
