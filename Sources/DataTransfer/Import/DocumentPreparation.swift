import DocumentStore

/// The per-document rules of an import: which system fields survive, and value checks
/// against an existing schema.
enum DocumentPreparation {
    /// Drops the system fields the store writes itself; `_id` stays only with `keepIds`.
    static func prepare(_ record: ImportRecord, keepIds: Bool) -> ImportRecord {
        var prepared = record
        for name in SystemFields.names where name != "_id" || !keepIds {
            prepared.document.removeValue(forKey: name)
        }
        return prepared
    }

    /// With `--keep-ids` an `_id`, when present, must be 24 lowercase hex characters.
    static func checkId(_ record: ImportRecord, file: String) throws(ImportError) {
        guard let id = record.document["_id"] else { return }
        guard case .string(let text) = id, ObjectID.isValid(text) else {
            throw ImportError(
                file: file, line: record.line, field: "_id",
                message: "expected 24 lowercase hex characters, found \(id.serialized())")
        }
    }

    /// Every value whose field the schema types must fit that type.
    static func check(
        _ record: ImportRecord, against types: [String: ImportFieldType], file: String
    ) throws(ImportError) {
        for member in record.document {
            guard let type = types[member.key], !type.accepts(member.value) else { continue }
            throw ImportError(
                file: file, line: record.line, field: member.key,
                message: "expected \(type.expectation) (the field is \(type.rawValue)), "
                    + "found \(member.value.serialized())")
        }
    }
}
