#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RestDBCollection {
    /// Sets this collection's schema (`PUT /rest/<coll>/_meta`) and returns it as the server
    /// now answers ``schema()``. A restlite extension: restdb.io sets schemas in its web UI
    /// and has no such route. Needs a full-access key; the collection must be new (it is
    /// created, unless the server runs `--strict`) or empty, else the server answers 409.
    /// Date fields are then stored normalised (`2008-11-14T09:53:37.000Z`) from the first
    /// write; an empty `fields` removes the schema.
    ///
    /// ```swift
    /// let schema = try await cats.setSchema([
    ///     Schema.Field(name: "catName", type: "text", required: true),
    ///     Schema.Field(name: "birthDate", type: "date"),
    ///     Schema.Field(name: "weightKg", type: "float_number"),
    /// ])
    /// print(schema.fields.map(\.name))  // ["catName", "birthDate", "weightKg"]
    /// ```
    @discardableResult
    public func setSchema(_ fields: [Schema.Field]) async throws -> Schema {
        let body = try Self.rendered(Self.schemaBody(name: name, fields: fields))
        let data = try await client.send(
            Endpoint(method: "PUT", path: path + "/_meta", body: Data(body.utf8)))
        return try client.decode(Schema.self, from: data)
    }

    /// `{"name":...,"fields":[{"name","type","required","unique"}, ...]}`: the shape `GET`
    /// answers (without the count), keys in that order.
    static func schemaBody(name: String, fields: [Schema.Field]) -> JSONFragment {
        .object([
            ("name", .string(name)),
            (
                "fields",
                .array(
                    fields.map { field in
                        .object([
                            ("name", .string(field.name)), ("type", .string(field.type)),
                            ("required", JSONFragment(text: field.required ? "true" : "false")),
                            ("unique", JSONFragment(text: field.unique ? "true" : "false")),
                        ])
                    })
            ),
        ])
    }
}
