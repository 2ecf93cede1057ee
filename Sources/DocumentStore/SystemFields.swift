import DocumentJSON

/// The fields the store owns; clients cannot write them.
package enum SystemFields {
    package static let id = "_id"
    package static let names: Set<String> = [
        "_id", "_created", "_changed", "_createdby", "_changedby", "_version",
    ]

    /// Columns behind the system fields, for sorting and filtering on them.
    static let columns: [String: String] = [
        "_id": "id", "_created": "created", "_changed": "changed", "_createdby": "createdby",
        "_changedby": "changedby", "_version": "version",
    ]

    /// True for a system field's name, or a dotted path whose first segment is one
    /// (`_version.x`, `_created.y`): writing either would put a user field of that name in the
    /// body, next to the store's own, so inputs drop both alike. Every system name starts with
    /// `_`, so other keys are told apart by one byte instead of a hash (this runs for every
    /// member of every write).
    package static func owns(_ key: String) -> Bool {
        guard key.utf8.first == UInt8(ascii: "_") else { return false }
        if names.contains(key) { return true }
        guard let dot = key.utf8.firstIndex(of: UInt8(ascii: ".")) else { return false }
        return names.contains(String(key[..<dot]))
    }

    /// `object` without the members `owns` claims, ready to store (the caller puts `_id` first).
    package static func stripped(_ object: JSONObject) -> JSONObject {
        guard object.contains(where: { owns($0.key) }) else { return object }
        return JSONObject(object.lazy.filter { !owns($0.key) }.map { ($0.key, $0.value) })
    }
}
