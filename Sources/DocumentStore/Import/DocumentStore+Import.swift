import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Stores an import in ONE write transaction: creates the collection with `newSchema`
    /// when it is new (or, with `recreate`, drops it and creates it again), empties it when
    /// `replace`, then inserts every record `nextBatch` yields
    /// (validated against the schema, dates normalised). Any failure rolls everything back,
    /// the new collection included. Refused documents become `ImportError`s naming the
    /// record's line and field.
    ///
    /// `insertMany` cannot do this: it takes one array (the whole file in memory) and
    /// neither creates a typed collection nor empties one inside its transaction.
    public func importRecords(
        into name: String, newSchema: CollectionSchema?, replace: Bool, recreate: Bool = false, keepIDs: Bool,
        file: String, nextBatch: () throws -> [ImportRecord]?
    ) throws {
        if newSchema == nil { _ = try collection(name) }
        try CollectionName.validate(name)
        try writeCatalog { connection in
            let info = try importTarget(name, newSchema: newSchema, recreate: recreate, connection)
            if replace { try connection.execute("DELETE FROM \(info.table)") }
            let insert = """
                INSERT INTO \(info.table)(id, body, created, changed, createdby, changedby, version) \
                VALUES (?, ?, ?, ?, 'import', 'import', 0)
                """
            var body: [UInt8] = []
            while let batch = try nextBatch() {
                let now = clock.nowMilliseconds()
                for record in batch {
                    let id = try importedID(record, keepIDs: keepIDs, file: file, now: now)
                    var fields = SystemFields.stripped(record.document)
                    do {
                        try prepareFields(&fields, info: info, id: id, validate: true, connection)
                    } catch StoreError.validation(let errors) {
                        let first = errors.first
                        throw ImportError(
                            file: file, line: record.line, field: first?.field,
                            message: first?.message ?? "invalid")
                    }
                    fields.setFirst(SystemFields.id, .string(id))
                    body.removeAll(keepingCapacity: true)
                    fields.write(to: &body)
                    do {
                        _ = try connection.run(
                            insert,
                            [
                                .text(id), .text(String(decoding: body, as: UTF8.self)), .integer(now),
                                .integer(now),
                            ])
                    } catch let error as SQLiteError where error.isConstraintViolation {
                        throw ImportError(
                            file: file, line: record.line, field: "_id",
                            message: "the _id \(id) is taken, by an earlier row of this file or a document "
                                + "already in \(name); each _id may appear once (leave out --keep-ids for new ids)"
                        )
                    } catch {
                        throw ImportError(
                            file: file, line: record.line, field: "_id",
                            message: "cannot store the document (\(error))")
                    }
                }
            }
        }
    }

    /// The collection to import into: the existing one, or a new one made inside the
    /// import's transaction (so a failed import leaves no empty collection behind). With
    /// `recreate` an existing one is dropped first, in the same transaction, so a failure
    /// brings it back whole.
    private func importTarget(
        _ name: String, newSchema: CollectionSchema?, recreate: Bool, _ connection: SQLiteConnection
    ) throws -> CollectionInfo {
        if let existing = try? collection(name) {
            guard recreate else { return existing }
            try removeCollection(existing, connection)
        }
        return try insertCollection(name, schema: newSchema, connection)
    }

    private func importedID(_ record: ImportRecord, keepIDs: Bool, file: String, now: Int64)
        throws(ImportError) -> String
    {
        try Self.importedID(record, keepIDs: keepIDs, file: file, now: now, ids: ids)
    }

    /// The id of an imported record, on any engine: its own `_id` when `keepIDs` and it has
    /// one (which must be valid), else a new one from `ids`.
    package static func importedID(
        _ record: ImportRecord, keepIDs: Bool, file: String, now: Int64, ids: IDSource
    ) throws(ImportError) -> String {
        guard keepIDs, case .string(let given) = record.document[SystemFields.id] else {
            return ids.next(milliseconds: now)
        }
        guard ObjectID.isValid(given) else {
            throw ImportError(
                file: file, line: record.line, field: "_id", message: "'\(given)' is not a valid _id")
        }
        return given
    }

    /// Calls `body` with every document of collection `name` in `_id` (creation) order, read
    /// in one snapshot, without holding the whole collection in memory.
    public func forEachDocument(in name: String, _ body: (Document) throws -> Void) throws {
        let info = try collection(name)
        try pool.read { connection in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            try connection.forEachRow(
                "SELECT \(DocumentStore.documentColumns) FROM \(info.table) ORDER BY id"
            ) { row in
                try body(DocumentStore.document(from: row))
            }
        }
    }
}
