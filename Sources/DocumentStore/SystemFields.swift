/// The fields the store owns; clients cannot write them.
enum SystemFields {
    static let id = "_id"
    static let names: Set<String> = ["_id", "_created", "_changed", "_createdby", "_changedby", "_version"]

    /// Columns behind the system fields, for sorting and filtering on them.
    static let columns: [String: String] = [
        "_id": "id", "_created": "created", "_changed": "changed", "_createdby": "createdby",
        "_changedby": "changedby", "_version": "version",
    ]

    /// `object` without system fields, ready to store (the caller puts `_id` first).
    static func stripped(_ object: JSONObject) -> JSONObject {
        guard object.keys.contains(where: names.contains) else { return object }
        return JSONObject(object.lazy.filter { !names.contains($0.key) }.map { ($0.key, $0.value) })
    }
}
