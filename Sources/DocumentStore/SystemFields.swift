/// The fields the store owns; clients cannot write them.
enum SystemFields {
    static let id = "_id"
    static let names: Set<String> = ["_id", "_created", "_changed", "_createdby", "_changedby", "_version"]

    /// Columns behind the system fields, for sorting and filtering on them.
    static let columns: [String: String] = [
        "_id": "id", "_created": "created", "_changed": "changed", "_createdby": "createdby",
        "_changedby": "changedby", "_version": "version",
    ]

    /// True for a system field's name. Every one starts with `_`, so other keys are told
    /// apart by one byte instead of a hash (this runs for every member of every write).
    static func contains(_ key: String) -> Bool {
        key.utf8.first == UInt8(ascii: "_") && names.contains(key)
    }

    /// `object` without system fields, ready to store (the caller puts `_id` first).
    static func stripped(_ object: JSONObject) -> JSONObject {
        guard object.contains(where: { contains($0.key) }) else { return object }
        return JSONObject(object.lazy.filter { !contains($0.key) }.map { ($0.key, $0.value) })
    }
}
