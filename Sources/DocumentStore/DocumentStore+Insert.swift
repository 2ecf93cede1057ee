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
        let info = try collectionForWrite(name, create: options.createCollection)
        return try pool.write { connection in
            try connection.transaction {
                var documents: [Document] = []
                documents.reserveCapacity(objects.count)
                for (index, object) in objects.enumerated() {
                    do {
                        documents.append(try insertOne(object, info: info, options: options, connection))
                    } catch StoreError.validation(let errors) where objects.count > 1 {
                        throw StoreError.validation(errors.map { Self.inElement($0, index) })
                    }
                }
                return documents
            }
        }
    }

    private static func inElement(_ error: FieldError, _ index: Int) -> FieldError {
        FieldError(field: error.field, message: "\(error.message) (element \(index) of the array)")
    }

    private func insertOne(
        _ object: JSONObject, info: CollectionInfo, options: WriteOptions, _ connection: SQLiteConnection
    ) throws -> Document {
        let id = try newID(for: object, options: options)
        var fields = SystemFields.stripped(object)
        try prepareFields(&fields, info: info, id: id, validate: options.validate, connection)
        fields.setFirst(SystemFields.id, .string(id))
        var body: [UInt8] = []
        fields.write(to: &body)
        let now = ISODate.nowMilliseconds()
        try connection.run(
            """
            INSERT INTO \(info.table)(id, body, created, changed, createdby, changedby, version) \
            VALUES (?, ?, ?, ?, ?, ?, 0)
            """,
            [
                .text(id), .text(String(decoding: body, as: UTF8.self)), .integer(now), .integer(now),
                .text(options.actor), .text(options.actor),
            ])
        return Document(
            id: id, body: body, created: now, changed: now, createdBy: options.actor,
            changedBy: options.actor, version: 0)
    }

    private func newID(for object: JSONObject, options: WriteOptions) throws -> String {
        guard options.keepIDs, case .string(let given) = object[SystemFields.id] else {
            return ObjectID.generate()
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
        guard let schema = info.schema else { return }
        guard validate else {
            schema.normalizeDates(&fields)
            return
        }
        let errors = schema.validate(&fields)
        guard errors.isEmpty else { throw StoreError.validation(errors) }
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
