import DocumentJSON
import DocumentQuery

extension DocumentStore {
    /// Inserts one document and returns it as stored (new `_id`, system fields set).
    public func insert(_ object: JSONObject, into name: String, options: WriteOptions = WriteOptions()) throws
        -> Document
    {
        try insertMany([object], into: name, options: options)[0]
    }

    /// Inserts all documents in one transaction: if any is invalid, none is stored.
    public func insertMany(_ objects: [JSONObject], into name: String, options: WriteOptions = WriteOptions())
        throws -> [Document]
    {
        try insertMany(objects, into: name, options: options, inTransactionFirst: nil)
    }

    /// `insertMany`, running `inTransactionFirst` (with the collection's info) inside the write
    /// transaction before the rows go in: a check there and the inserts commit or fail together.
    /// A missing collection is created inside the same transaction, so a write that fails
    /// (a number beyond a double, a `$` field name, a missing parent) leaves no empty collection
    /// behind.
    func insertMany(
        _ objects: [JSONObject], into name: String, options: WriteOptions,
        inTransactionFirst: ((CollectionInfo, SQLiteConnection) throws -> Void)?
    ) throws -> [Document] {
        let existing = try existingCollectionForWrite(name, create: options.createCollection)
        // Everything that needs no other document (ids, validation, JSON text) is done before
        // taking the writer, which every write in the process waits for; inside it are only the
        // unique-field checks and the INSERTs. A new collection has no schema yet.
        // Its creation time is read first, as when it was made before the documents.
        let provisional =
            existing ?? CollectionInfo(id: 0, name: name, schema: nil, created: clock.nowMilliseconds())
        var prepared = try prepareInserts(objects, info: provisional, options: options)
        let documents = try pool.write { connection in
            defer { if existing == nil { try? reloadCatalog(connection) } }
            return try connection.transaction {
                var info = provisional
                if existing == nil {
                    info =
                        try (try? collection(name))
                        ?? insertCollection(name, schema: nil, created: provisional.created, connection)
                    // Created by another writer meanwhile, with a schema: validate against it.
                    if info.schema != nil {
                        prepared = try prepareInserts(objects, info: info, options: options)
                    }
                }
                try inTransactionFirst?(info, connection)
                let checksUnique = options.validate && info.hasUniqueFields
                for (document, fields) in prepared {
                    if checksUnique { try Self.checkUnique(fields, info: info, id: document.id, connection) }
                    try Self.insertRow(document, info: info, actor: options.actor, connection)
                }
                return prepared.map(\.document)
            }
        }
        // A collection made by this write has no automatic index yet.
        if let existing { noteWrites(documents.count, to: existing) }
        return documents
    }

    /// The collection a write goes to, or nil when it is missing and may be created (its name
    /// checked); throws `collectionNotFound` when it is missing and may not.
    private func existingCollectionForWrite(_ name: String, create: Bool) throws -> CollectionInfo? {
        if let info = try? collection(name) { return info }
        guard create else { return try collection(name) }
        try CollectionName.validate(name)
        return nil
    }

    /// Each object as the document it becomes, with this store's clock and ids.
    private func prepareInserts(_ objects: [JSONObject], info: CollectionInfo, options: WriteOptions) throws
        -> [(document: Document, fields: JSONObject)]
    {
        try Self.prepareInserts(objects, info: info, options: options, now: clock.nowMilliseconds(), ids: ids)
    }

    /// Each object as the document it becomes (new id, system fields, schema applied) with its
    /// fields; a validation error of an array names the element. Every engine prepares its
    /// inserts here, so ids, system fields and schema checks are the same on each.
    package static func prepareInserts(
        _ objects: [JSONObject], info: CollectionInfo, options: WriteOptions, now: Int64, ids: IDSource
    ) throws -> [(document: Document, fields: JSONObject)] {
        var prepared: [(document: Document, fields: JSONObject)] = []
        prepared.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            do {
                let id = try newID(for: object, options: options, now: now, ids: ids)
                var fields = SystemFields.stripped(object)
                try applySchema(to: &fields, info: info, validate: options.validate)
                fields.setFirst(SystemFields.id, .string(id))
                var body: [UInt8] = []
                fields.write(to: &body)
                let document = Document(
                    id: id, body: body, created: now, changed: now, createdBy: options.actor,
                    changedBy: options.actor, version: 0)
                prepared.append((document, fields))
            } catch StoreError.validation(let errors) where objects.count > 1 {
                throw StoreError.validation(errors.map { inElement($0, index) })
            }
        }
        return prepared
    }

    private static func inElement(_ error: FieldError, _ index: Int) -> FieldError {
        FieldError(field: error.field, message: "\(error.message) (element \(index) of the array)")
    }

    private static func insertRow(
        _ document: Document, info: CollectionInfo, actor: String, _ connection: SQLiteConnection
    ) throws {
        try connection.run(
            """
            INSERT INTO \(info.table)(id, body, created, changed, createdby, changedby, version) \
            VALUES (?, ?, ?, ?, ?, ?, 0)
            """,
            [
                .text(document.id), .text(String(decoding: document.body, as: UTF8.self)),
                .integer(document.created), .integer(document.changed), .text(actor), .text(actor),
            ])
    }

    private static func newID(for object: JSONObject, options: WriteOptions, now: Int64, ids: IDSource) throws
        -> String
    {
        guard options.keepIDs, case .string(let given) = object[SystemFields.id] else {
            return ids.next(milliseconds: now)
        }
        let lowered = given.lowercased()
        guard ObjectID.isValid(lowered) else { throw StoreError.invalidID(given) }
        return lowered
    }

    /// Applies the schema to `fields` (validation, date normalisation, uniqueness against the
    /// other documents) before they are written as document `id`.
    func prepareFields(
        _ fields: inout JSONObject, info: CollectionInfo, id: String, validate: Bool,
        _ connection: SQLiteConnection
    ) throws {
        try Self.applySchema(to: &fields, info: info, validate: validate)
        if validate { try Self.checkUnique(fields, info: info, id: id, connection) }
    }

    /// Validates `fields` against the collection's schema and normalises its dates (only the
    /// dates when `validate` is false); needs no connection.
    /// Numbers beyond a double and field names no query can reach are refused with or
    /// without a schema, and with `validate` false too (`StorableCheck`).
    package static func applySchema(to fields: inout JSONObject, info: CollectionInfo, validate: Bool) throws
    {
        try StorableCheck.require(fields)
        guard let schema = info.schema else { return }
        schema.dropChildValues(&fields)
        guard validate else {
            schema.normalizeDates(&fields)
            return
        }
        let errors = schema.validate(&fields)
        guard errors.isEmpty else { throw StoreError.validation(errors) }
    }

    /// Throws `uniqueViolation` when another document than `id` holds a unique field's value.
    static func checkUnique(
        _ fields: JSONObject, info: CollectionInfo, id: String, _ connection: SQLiteConnection
    )
        throws
    {
        guard let schema = info.schema else { return }
        for field in schema.fields where field.unique {
            guard let value = fields[field.name], let bound = Self.comparable(value) else { continue }
            let stored = ValueReference.field(
                body: StorageLayout.bodyColumn, path: try FieldIndex.path(field.name))
            let taken = try connection.scalar(
                "SELECT 1 FROM \(info.table) WHERE \(stored.value) = ? AND id <> ? LIMIT 1",
                [bound, .text(id)])
            if taken != nil {
                throw StoreError.uniqueViolation(field: field.name, value: Self.display(value))
            }
        }
    }

    /// The SQL value `json_extract` yields for a scalar JSON value; nil for null and containers.
    static func comparable(_ value: JSONValue) -> SQLValue? {
        switch value {
        case .string(let text): return .text(text)
        case .bool(let flag): return .integer(flag ? 1 : 0)
        case .number(let number): return number.sqlValue
        case .null, .array, .object: return nil
        }
    }

    private static func display(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.serialized()
    }
}
