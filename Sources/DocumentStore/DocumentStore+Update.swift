extension DocumentStore {
    /// Updates document `id` with a shallow merge and/or update operators and returns it as
    /// stored. Throws `documentNotFound`, `idMismatch`, `validation`, `uniqueViolation`,
    /// `badRequest`.
    public func update(_ id: String, in name: String, with update: JSONObject, actor: String = "api") throws
        -> Document
    {
        try Self.validateID(id)
        let info = try collection(name)
        let applier = try UpdateApplier(update, targetID: id)
        return try pool.write { connection in
            try connection.transaction {
                guard let stored = try Self.fetch(id, info: info, connection) else {
                    throw StoreError.documentNotFound(id)
                }
                return try apply(applier, to: stored, info: info, actor: actor, connection)
            }
        }
    }

    /// Applies one update to every document matching `query` (all of them for nil), in one
    /// transaction: if any document would become invalid, none changes. Returns the ids.
    public func updateMany(
        in name: String, matching query: JSONValue?, with update: JSONObject, actor: String = "api"
    )
        throws -> [String]
    {
        let info = try collection(name)
        let condition = try Self.condition(for: query)
        // The id check only matters for a single target; an `_id` here can never match all.
        if update[SystemFields.id] != nil {
            throw StoreError.badRequest(
                "An update of many documents cannot set _id; remove it from the body.")
        }
        return try pool.write { connection in
            try connection.transaction {
                let documents = try Self.select(info: info, where: condition, connection)
                for stored in documents {
                    let applier = try UpdateApplier(update, targetID: stored.id)
                    _ = try apply(applier, to: stored, info: info, actor: actor, connection)
                }
                return documents.map(\.id)
            }
        }
    }

    private func apply(
        _ applier: UpdateApplier, to stored: Document, info: CollectionInfo, actor: String,
        _ connection: SQLiteConnection
    ) throws -> Document {
        guard case .object(let current) = try JSON.parse(stored.body) else {
            throw StoreError.badRequest("Document \(stored.id) is not a JSON object in the database.")
        }
        var fields = try applier.apply(to: current)
        try prepareFields(&fields, info: info, id: stored.id, validate: true, connection)
        fields.setFirst(SystemFields.id, .string(stored.id))
        var body: [UInt8] = []
        fields.write(to: &body)
        let now = max(ISODate.nowMilliseconds(), stored.changed)
        try connection.run(
            "UPDATE \(info.table) SET body = ?, changed = ?, changedby = ?, version = version + 1 WHERE id = ?",
            [.text(String(decoding: body, as: UTF8.self)), .integer(now), .text(actor), .text(stored.id)])
        return Document(
            id: stored.id, body: body, created: stored.created, changed: now, createdBy: stored.createdBy,
            changedBy: actor, version: stored.version + 1)
    }

    /// The SQL condition for a raw `q` (nil or `{}` matches everything).
    static func condition(for query: JSONValue?) throws -> SQLFragment {
        try parsed(query).sqlCondition(bodyColumn: StorageLayout.bodyColumn)
    }

    /// The parsed query (`Query.all` for none); a malformed one is a `badRequest`.
    static func parsed(_ query: JSONValue?) throws -> Query {
        guard let query else { return .all }
        do {
            return try Query.parse(query)
        } catch {
            throw StoreError.badRequest(String(describing: error))
        }
    }

    /// Every document matching `condition`, in `_id` order.
    static func select(info: CollectionInfo, where condition: SQLFragment, _ connection: SQLiteConnection)
        throws
        -> [Document]
    {
        var documents: [Document] = []
        try connection.forEachRow(
            "SELECT \(documentColumns) FROM \(info.table) WHERE \(condition.sql) ORDER BY id",
            condition.bindings
        ) { row in
            documents.append(document(from: row))
        }
        return documents
    }
}
