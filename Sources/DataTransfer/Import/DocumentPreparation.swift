import DocumentJSON
import DocumentStore

/// The per-document rules of an import: which system fields survive, and value checks
/// against an existing schema.
enum DocumentPreparation {
    /// Drops the system fields the store writes itself; `_id` stays only with `keepIds`. With
    /// `localImages`, text values that are picture-service URLs point at the stand-ins.
    static func prepare(_ record: ImportRecord, keepIds: Bool, localImages: LocalImageURLs? = nil)
        -> ImportRecord
    {
        var prepared = record
        for name in SystemFields.names where name != "_id" || !keepIds {
            prepared.document.removeValue(forKey: name)
        }
        if let localImages {
            for member in prepared.document {
                guard case .string(let text) = member.value else { continue }
                let local = localImages.rewrite(text)
                if local != text { prepared.document[member.key] = .string(local) }
            }
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
