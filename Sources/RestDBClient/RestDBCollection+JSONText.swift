#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RestDBCollection {
    /// Stores documents that are already JSON text, in one request, all or none: `json` must
    /// be a JSON array of objects (`POST /rest/<coll>`), sent byte for byte. Unlike
    /// ``create(contentsOf:)`` nothing goes through `JSONEncoder`, so field order and number
    /// literals (`2.50`, 20-digit integers) reach the server exactly as written; use it for
    /// data read from a file. Answers the stored documents, decoded as `Document`.
    ///
    /// ```swift
    /// struct Stored: Codable { var _id: String }
    /// let rows = Data(#"[{"catName":"Tom","weightKg":4.50},{"catName":"Felix","weightKg":3.25}]"#.utf8)
    /// let stored = try await client.collection("a3cats", of: Stored.self).create(contentsOfJSON: rows)
    /// print(stored.count)  // 2
    /// ```
    public func create(contentsOfJSON json: Data) async throws -> [Document] {
        let endpoint = Endpoint(method: "POST", path: path, body: json)
        return try client.decode([Document].self, from: await client.send(endpoint))
    }
}
