import DocumentJSON
import DocumentQuery
import DocumentStore

extension PostgresEngine {
    /// An import in one transaction, as `DocumentStore.importRecords`: the collection made (or
    /// with `recreate` dropped and made again) inside it, emptied when `replace`, every record
    /// validated and inserted; any failure rolls all of it back.
    public func importRecords(
        into name: String, newSchema: CollectionSchema?, replace: Bool, recreate: Bool, keepIDs: Bool,
        file: String, nextBatch: () throws -> [ImportRecord]?
    ) throws {
        if newSchema == nil { _ = try collection(name) }
        try CollectionName.validate(name)
        try writeCatalog { connection in
            try connection.execute("SET LOCAL statement_timeout = 0")
            let info = try importTarget(name, newSchema: newSchema, recreate: recreate, connection)
            if replace { try connection.execute("DELETE FROM \(info.table)") }
            if info.hasUniqueFields { try lockCollection(info, connection) }
            var seen = Set<String>()
            while let batch = try nextBatch() {
                let now = clock.nowMilliseconds()
                var documents: [Document] = []
                documents.reserveCapacity(batch.count)
                for record in batch {
                    let id = try importedID(record, keepIDs: keepIDs, file: file, now: now)
                    var fields = SystemFields.stripped(record.document)
                    do {
                        try DocumentStore.applySchema(to: &fields, info: info, validate: true)
                        try checkUnique(fields, info: info, id: id, connection)
                    } catch StoreError.validation(let errors) {
                        let first = errors.first
                        throw ImportError(
                            file: file, line: record.line, field: first?.field,
                            message: first?.message ?? "invalid")
                    }
                    guard seen.insert(id).inserted else { throw takenID(id, record, name, file) }
                    fields.setFirst(SystemFields.id, .string(id))
                    var body: [UInt8] = []
                    fields.write(to: &body)
                    documents.append(
                        Document(
                            id: id, body: body, created: now, changed: now, createdBy: "import",
                            changedBy: "import", version: 0))
                    // Unique values within the file: each row checks the rows before it.
                    if info.hasUniqueFields {
                        try Self.insertRows([documents.removeLast()], info: info, connection)
                    }
                }
                do {
                    try Self.insertRows(documents, info: info, connection)
                } catch let error as PostgresError where error.isUniqueViolation {
                    let line = batch.first?.line ?? 0
                    throw ImportError(
                        file: file, line: line, field: "_id",
                        message:
                            "an _id of this batch is taken by a document already in \(name); each _id may"
                            + " appear once (leave out --keep-ids for new ids)")
                }
            }
        }
    }

    private func takenID(_ id: String, _ record: ImportRecord, _ name: String, _ file: String) -> ImportError
    {
        ImportError(
            file: file, line: record.line, field: "_id",
            message: "the _id \(id) is taken, by an earlier row of this file or a document "
                + "already in \(name); each _id may appear once (leave out --keep-ids for new ids)")
    }

    private func importTarget(
        _ name: String, newSchema: CollectionSchema?, recreate: Bool, _ connection: PostgresConnection
    ) throws -> CollectionInfo {
        if let existing = try? collection(name) {
            guard recreate else { return existing }
            try connection.execute("DROP TABLE IF EXISTS \(existing.table)")
            try connection.execute("DELETE FROM restlite_collections WHERE id = ?", [.integer(existing.id)])
        }
        return try insertCollection(name, schema: newSchema, created: nil, connection)
    }

    private func importedID(_ record: ImportRecord, keepIDs: Bool, file: String, now: Int64)
        throws(ImportError) -> String
    {
        try DocumentStore.importedID(record, keepIDs: keepIDs, file: file, now: now, ids: ids)
    }
}
